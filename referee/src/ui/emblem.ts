// A country's mark: its colour and its emblem together, plus its name, so no one has to tell
// countries apart by colour alone.
import { html, nothing, svg, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { Game } from '../../../engine/index.js';
import type { IconPaths } from '../data.js';
import { byId } from '../../../engine/index.js';

export function icon(icons: Record<string, IconPaths>, name: string, label?: string): TemplateResult | typeof nothing {
  const found = icons[name];
  if (!found) return nothing;
  return html`<svg class="icon" viewBox="0 0 ${found.size} ${found.size}" role=${label ? 'img' : 'presentation'} aria-label=${label ?? nothing} aria-hidden=${label ? 'false' : 'true'} focusable="false">
    ${guard([found], () => found.paths.map((d) => svg`<path d=${d}></path>`))}
  </svg>`;
}

/** The coloured disc with the emblem in white; the country code when the emblem is missing. */
export function emblem(game: Game, icons: Record<string, IconPaths>, countryId: string, size: 'small' | 'large' = 'small'): TemplateResult {
  const c = byId(game.countries, countryId);
  if (!c) return html`<span class="emblem emblem-${size} emblem-bank" aria-hidden="true">¤</span>`;
  return html`<span class="emblem emblem-${size}" style="--country: ${c.colour}" aria-hidden="true">${icons[c.emblem] ? icon(icons, c.emblem) : c.code}</span>`;
}

export function countryColour(game: Game, id: string): string {
  return byId(game.countries, id)?.colour ?? '#6b5d4f';
}
