// `validate` checks every icon name the content gives (a country's emblem, a genre's icon) against
// the icon set the build draws from, so a misspelt emblem is caught at its line, not by the build.
import type { DiagnosticList } from '../load/diagnostic.js';
import type { Layer, Sourced } from '../load/layer.js';
import { placeAt } from '../load/read-yaml.js';
import { nearest } from '../load/nearest.js';
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
      const close = nearest(name, iconNames());
      const related = searchIcons(name.split('-').sort((a, b) => b.length - a.length)[0] ?? name).slice(0, 5);
      const others = related.filter((n) => n !== close);
      const guess = close ? `did you mean '${close}'? ` : '';
      const also = others.length ? `${close ? 'Other' : 'Close'} names: ${others.join(', ')}. ` : '';
      diags.error(
        placeAt(head.file, [...head.path, ...path]),
        `there is no icon called '${name}'`,
        `${guess}${also}Run  codex-conquest icons ${name.split('-')[0]}  to see and search the ${what}s you can use (it works offline)`,
      );
    }
  }
}
