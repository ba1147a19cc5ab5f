// How a book (or manuscript, or auction book) is shown in lists: title, country, genre, value.
import { html, nothing, type TemplateResult } from 'lit';
import type { Game, OwnableCard } from '../../../engine/game.js';
import type { IconPaths } from '../data.js';
import { emblem, icon } from './emblem.js';
import { byId, countryName } from '../../../engine/names.js';
import { checkGlyph } from './glyphs.js';
import { onTap } from './base.js';

export function bookYear(card: OwnableCard): string {
  if (card.type === 'manuscript') return card.made;
  return card.year_label ?? String(card.year);
}

export function bookSummary(game: Game, icons: Record<string, IconPaths>, card: OwnableCard): TemplateResult {
  const genre = card.type === 'manuscript' ? undefined : byId(game.genres, card.genre);
  const mvb = card.type === 'book' && card.mvb;
  return html`<span class="book">
    <span class="book-value" aria-label="value ${card.value}">${card.value}</span>
    <span class="book-main">
      <span class="book-title">${card.title}${mvb ? html` <span class="mvb" title="Most Valuable Book">MVB</span>` : nothing}</span>
      <span class="book-meta">
        ${card.country ? html`${emblem(game, icons, card.country)} ${countryName(game, card.country)} · ` : nothing}
        ${genre ? html`${icon(icons, genre.icon)} ${genre.name} · ` : card.type === 'manuscript' ? 'Manuscript · ' : nothing}${bookYear(card)}
        <span class="code">${card.code}</span>
      </span>
    </span>
  </span>`;
}

/** A book that can be picked (for a sale, a trade, a debt): one tap picks it, another unpicks it. */
export function pickableBook(game: Game, icons: Record<string, IconPaths>, card: OwnableCard, on: boolean, toggle: () => void): TemplateResult {
  return html`<button class="pick ${on ? 'on' : ''}" aria-pressed=${on ? 'true' : 'false'} data-card=${card.id} @click=${onTap(toggle)}>
    ${bookSummary(game, icons, card)}<span class="pick-mark">${on ? checkGlyph() : nothing}</span>
  </button>`;
}
