// How a book (or manuscript, or auction book) is shown in lists: title, country, genre, value —
// its value under the edition being played (classic counts every auction book as 1).
import { html, nothing, type TemplateResult } from 'lit';
import {
  bookValue,
  byId,
  countryName,
  countryOf,
  dateLabelOf,
  genreOf,
  isMvb,
  typeInfoOf,
  type Edition,
  type Game,
  type OwnableCard,
} from '../../../engine/index.js';
import type { IconPaths } from '../data.js';
import { emblem, icon } from './emblem.js';
import { checkGlyph } from './glyphs.js';
import { onTap } from './base.js';

export function bookSummary(game: Game, icons: Record<string, IconPaths>, card: OwnableCard, edition?: Edition): TemplateResult {
  const genre = byId(game.genres, genreOf(card));
  const country = countryOf(card);
  const value = edition ? bookValue(game, edition, card) : card.value;
  const kind = typeInfoOf(game, card.type);
  return html`<span class="book">
    <span class="book-value" aria-label="value ${value}">${value}</span>
    <span class="book-main">
      <span class="book-title">${card.title}${isMvb(card) ? html` <span class="mvb" title="Most Valuable Book">MVB</span>` : nothing}</span>
      <span class="book-meta">
        ${country ? html`${emblem(game, icons, country)} ${countryName(game, country)} · ` : nothing}
        ${kind && kind.type !== 'book' ? html`${kind.label.charAt(0).toUpperCase()}${kind.label.slice(1)} · ` : nothing}${genre ? html`${icon(icons, genre.icon)} ${genre.name} · ` : nothing}${dateLabelOf(card)}
        <span class="code">${card.code}</span>
      </span>
    </span>
  </span>`;
}

/** A book that can be picked (for a sale, a trade, a debt): one tap picks it, another unpicks it. */
export function pickableBook(
  game: Game,
  icons: Record<string, IconPaths>,
  card: OwnableCard,
  on: boolean,
  toggle: () => void,
  edition?: Edition,
): TemplateResult {
  return html`<button class="pick ${on ? 'on' : ''}" aria-pressed=${on ? 'true' : 'false'} data-card=${card.id} @click=${onTap(toggle)}>
    ${bookSummary(game, icons, card, edition)}<span class="pick-mark">${on ? checkGlyph() : nothing}</span>
  </button>`;
}
