// Applies a card's effects to the table: the same data that prints the card's line. Credits move
// only through the ledger's spender, so a country that cannot pay runs up a debt, never a
// negative balance. What needs a person (drawing a chance card, bidding, choosing a book) comes
// back as a prompt for the referee to ask.
import type { Effect, LoseBookEffect, Per } from '../schema/effects.js';
import type { Game, OwnableCard } from '../game.js';
import { spendReporting, type CountryId, type Party } from '../ledger.js';
import { cardOrder, centuryOfCard, ownableById, type Table, isLocked } from '../table.js';
import { countryName, lotName } from '../names.js';

export type Prompt =
  | { kind: 'draw-chance'; country: CountryId; count: number }
  | { kind: 'open-auction'; lot: string }
  | { kind: 'skip-roll'; country: CountryId }
  | { kind: 'choose-book'; country: CountryId; candidates: string[]; to: CountryId | 'market'; count: number };

export interface Applied {
  table: Table;
  prompts: Prompt[];
  /** Plain sentences for the game's history, e.g. "Spain pays England 3 (debt 1)". */
  log: string[];
}

// ── who is meant ────────────────────────────────────────────────────────────────────────────

/** Richest or poorest by credits; a tie goes to the earlier seat. */
function extreme(table: Table, sign: 1 | -1): CountryId {
  let best = table.players[0]!;
  for (const c of table.players) {
    if (sign * (table.ledger.credits[c]! - table.ledger.credits[best]!) > 0) best = c;
  }
  return best;
}

/**
 * One party named on a card. A card may name a country that is not playing (fewer than six
 * players): the bank stands in for it, so "pay Spain 3" without Spain goes to the bank and
 * "gain 3 from Spain" comes from the bank. A card without a holder (a world event) is held by
 * the lead country, who turns it over.
 */
function resolveParty(table: Table, holder: CountryId | null, party: string | undefined): Party {
  switch (party ?? 'bank') {
    case 'bank':
    case 'market':
      return 'bank';
    case 'self':
      return holder !== null && table.players.includes(holder) ? holder : holder === null ? table.lead : 'bank';
    case 'lead':
      return table.lead;
    case 'richest':
      return extreme(table, 1);
    case 'poorest':
      return extreme(table, -1);
    default:
      return table.players.includes(party!) ? party! : 'bank';
  }
}

/** Everyone an effect's `who` covers, in seat order. An absent country named here is the bank. */
function resolveWho(table: Table, holder: CountryId | null, who: string | undefined): Party[] {
  switch (who ?? 'self') {
    case 'each':
      return [...table.players];
    case 'others':
      return table.players.filter((c) => c !== (holder ?? table.lead));
    default:
      return [resolveParty(table, holder, who ?? 'self')];
  }
}

// ── counting books ──────────────────────────────────────────────────────────────────────────

/** Whether a book has the genre, country and century asked for (a `per` names one; a loss, any). */
function matches(game: Game, card: OwnableCard, f: { genre?: string; country?: string; century?: string }): boolean {
  if (f.genre && (card.type === 'manuscript' || card.genre !== f.genre)) return false;
  if (f.century && centuryOfCard(game, card) !== f.century) return false;
  if (f.country && card.country !== f.country) return false;
  return true;
}

/** Books (and manuscripts) a country holds, as cards, in card order. */
export function ownedCards(game: Game, table: Table, country: Party): OwnableCard[] {
  if (country === 'bank') return [];
  const out: OwnableCard[] = [];
  for (const [id, place] of Object.entries(table.owner)) {
    if (place !== country) continue;
    const card = ownableById(game, id);
    if (card) out.push(card);
  }
  return out.sort((a, b) => cardOrder(game, a.id) - cardOrder(game, b.id));
}

function amountFor(game: Game, table: Table, country: Party, base: number, per: Per | undefined, max: number | undefined): number {
  let amount = base;
  if (per) amount = base * ownedCards(game, table, country).filter((c) => matches(game, c, per)).length;
  return max === undefined ? amount : Math.min(amount, max);
}

// ── credits ─────────────────────────────────────────────────────────────────────────────────

function payment(game: Game, table: Table, from: Party, to: Party, amount: number, reason: string, log: string[]): Table {
  if (amount === 0 || from === to) return table;
  const { ledger, short: debt } = spendReporting(table.ledger, from, to, amount, reason);
  const payer = countryName(game, from);
  log.push(`${payer[0]!.toUpperCase()}${payer.slice(1)} pays ${countryName(game, to)} ${amount}${debt > 0 ? ` (debt ${debt})` : ''}`);
  return { ...table, ledger };
}

// ── losing books ────────────────────────────────────────────────────────────────────────────

const NO_YEAR = Number.NEGATIVE_INFINITY; // manuscripts predate every printed book: they count as oldest

function yearOf(card: OwnableCard): number {
  return card.type === 'manuscript' ? NO_YEAR : card.year;
}

/** The country's unlocked books that the effect could take, best candidate first. */
function loseCandidates(game: Game, table: Table, country: CountryId, e: LoseBookEffect): OwnableCard[] {
  const cards = ownedCards(game, table, country).filter((c) => !isLocked(table, c.id) && matches(game, c, e));
  const key: Record<string, (c: OwnableCard) => number> = {
    'most-valuable': (c) => -c.value,
    'least-valuable': (c) => c.value,
    newest: (c) => -yearOf(c),
    oldest: (c) => yearOf(c),
    'owner-choice': () => 0,
  };
  const by = key[e.lose_book]!;
  return cards.sort((a, b) => by(a) - by(b) || cardOrder(game, a.id) - cardOrder(game, b.id));
}

function loseBooks(game: Game, table: Table, holder: CountryId | null, e: LoseBookEffect, prompts: Prompt[], log: string[]): Table {
  const count = e.count ?? 1;
  const dest = resolveParty(table, holder, e.to ?? 'market');
  const to: CountryId | 'market' = dest === 'bank' ? 'market' : dest;
  for (const who of resolveWho(table, holder, e.who)) {
    if (who === 'bank' || who === to) continue;
    const candidates = loseCandidates(game, table, who, e);
    const name = countryName(game, who);
    if (candidates.length === 0) {
      log.push(`${name} has no book to lose`);
      continue;
    }
    if (e.lose_book === 'owner-choice') {
      const n = Math.min(count, candidates.length);
      prompts.push({ kind: 'choose-book', country: who, candidates: candidates.map((c) => c.id), to, count: n });
      log.push(`${name} chooses ${n === 1 ? 'a book' : `${n} books`} to give to ${countryName(game, to)}`);
      continue;
    }
    const owner = { ...table.owner };
    for (const card of candidates.slice(0, count)) {
      owner[card.id] = to;
      log.push(`${name} loses ${card.title} to ${countryName(game, to)}`);
    }
    table = { ...table, owner };
  }
  return table;
}

// ── the effects, in order ───────────────────────────────────────────────────────────────────

export function applyEffects(game: Game, table: Table, holder: CountryId | null, effects: readonly Effect[], reason: string): Applied {
  const prompts: Prompt[] = [];
  const log: string[] = [];
  for (const e of effects) {
    if ('gain' in e) {
      // Resolve every party before any money moves, so "the richest" is the richest as the card is read.
      const from = resolveParty(table, holder, e.from);
      for (const who of resolveWho(table, holder, e.who)) {
        table = payment(game, table, from, who, amountFor(game, table, who, e.gain, e.per, e.max), reason, log);
      }
    } else if ('pay' in e) {
      const to = resolveParty(table, holder, e.to);
      for (const who of resolveWho(table, holder, e.who)) {
        table = payment(game, table, who, to, amountFor(game, table, who, e.pay, e.per, e.max), reason, log);
      }
    } else if ('release_lot' in e) {
      prompts.push({ kind: 'open-auction', lot: e.release_lot });
      log.push(`The auction of ${lotName(game, e.release_lot)} opens`);
    } else if ('draw_chance' in e) {
      for (const who of resolveWho(table, holder, e.who)) {
        if (who === 'bank') continue;
        prompts.push({ kind: 'draw-chance', country: who, count: e.draw_chance });
        log.push(`${countryName(game, who)} draws ${e.draw_chance === 1 ? 'a chance card' : `${e.draw_chance} chance cards`}`);
      }
    } else if ('skip_roll' in e) {
      for (const who of resolveWho(table, holder, e.who)) {
        if (who === 'bank') continue;
        prompts.push({ kind: 'skip-roll', country: who });
        log.push(`${countryName(game, who)} skips its next roll`);
      }
    } else if ('lose_book' in e) {
      table = loseBooks(game, table, holder, e, prompts, log);
    }
  }
  return { table, prompts: stillValid(table, prompts), log };
}

/** The books of a choose-book prompt that its country still holds, outside locked collections. */
export function givable(table: Table, p: Extract<Prompt, { kind: 'choose-book' }>): string[] {
  return p.candidates.filter((id) => table.owner[id] === p.country && !isLocked(table, id));
}

/** A later effect of the same card may already have taken a book offered for choosing. */
function stillValid(table: Table, prompts: Prompt[]): Prompt[] {
  return prompts.flatMap((p): Prompt[] => {
    if (p.kind !== 'choose-book') return [p];
    const candidates = givable(table, p);
    return candidates.length === 0 ? [] : [{ ...p, candidates, count: Math.min(p.count, candidates.length) }];
  });
}
