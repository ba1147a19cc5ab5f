// `validate` checks every icon name the content gives (a country's emblem, a genre's icon) against
// the icon set the build draws from, so a misspelt emblem is caught at its line, not by the build.
import type { DiagnosticList } from '../load/diagnostic.js';
import type { Layer, Sourced } from '../load/layer.js';
import { placeAt } from '../load/read-yaml.js';
import { editDistance, nearest } from '../load/nearest.js';
import { iconExists } from './icons.js';
import { iconNames, searchIcons } from './icon-names.js';

export function checkIcons(layers: Layer[], diags: DiagnosticList): void {
  for (const layer of layers) {
    const head: Sourced<unknown> | undefined = layer.game ?? layer.pack;
    if (!head) continue;
    const value = head.value as { countries?: { emblem: string }[]; genres?: { icon: string }[] };
    const named = [
      ...(value.countries ?? []).map((c, i) => ({ name: c.emblem, path: ['countries', i, 'emblem'], what: 'emblem' })),
      ...(value.genres ?? []).map((g, i) => ({ name: g.icon, path: ['genres', i, 'icon'], what: 'icon' })),
    ];
    for (const { name, path, what } of named) {
      if (iconExists(name)) continue;
      // Only a near spelling is a "did you mean" (lyon → lion); otherwise the icons that share a
      // word with the name, and a search word that finds some.
      const candidate = nearest(name, iconNames());
      const close = candidate && editDistance(candidate, name) <= Math.max(2, Math.floor(name.length / 5)) ? candidate : undefined;
      const words = name.split('-').filter((w) => w.length >= 3);
      const searchWord =
        words
          .map((w) => ({ w, hits: searchIcons(w).length }))
          .filter((x) => x.hits > 0)
          .sort((a, b) => a.hits - b.hits)[0]?.w ??
        words[0] ??
        name;
      const related = searchIcons(searchWord).slice(0, 5);
      const others = related.filter((n) => n !== close);
      const guess = close ? `did you mean '${close}'? ` : '';
      const also = others.length ? `${close ? 'Other' : 'Close'} names: ${others.join(', ')}. ` : '';
      diags.error(
        placeAt(head.file, [...head.path, ...path]),
        `there is no icon called '${name}'`,
        `${guess}${also}Run  codex-conquest icons ${searchWord}  to see and search the ${what}s you can use (it works offline)`,
      );
    }
  }
}
