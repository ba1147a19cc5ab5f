// A drawn national event, world event or chance card, by its printed code: its effects are carried
// out as one step, so one undo takes them all back. Which cards can be played when comes from
// each card type's `drawn` (engine/cards).
import { z } from 'zod';
import { drawOf, type EventCard } from '../../game.js';
import { applyEffects } from '../../effects/apply.js';
import { verbFor, type Effect } from '../../effects/verbs/index.js';
import { cardByCode } from '../../table.js';
import { centuryName } from '../../names.js';
import { IdField, OVER, defineAction, present, notPlaying, type Ctx } from '../action.js';
import { Name, chanceStop, drawableChance, name, possessive } from '../read.js';
import { ask } from '../ask.js';
import type { GameState } from '../types.js';
import { withState } from '../state.js';

type PlayCard = { type: 'play-card'; country: string | null; code: string };

function field(card: EventCard, key: 'country' | 'century'): string | undefined {
  return key in card ? ((card as Record<string, unknown>)[key] as string) : undefined;
}

function checkNational({ game, state }: Ctx, card: EventCard, a: PlayCard): string | null {
  const owner = field(card, 'country') ?? '';
  const century = field(card, 'century') ?? '';
  if (!present(state, owner)) return `${card.title} belongs to ${Name(game, owner)}, who is not playing; put it back in the box.`;
  if (a.country !== null && a.country !== owner)
    return `${card.title} is one of ${possessive(name(game, owner))} national events, not ${possessive(name(game, a.country))}.`;
  if (state.phase !== 'national-events') return 'National events are played at the start of a round, before the market.';
  if (century !== state.century) return `${card.title} is a ${centuryName(game, century)} event; this is the ${centuryName(game, state.century)}.`;
  if (state.played.includes(card.id)) return `${card.title} has already been played.`;
  if (owner !== state.current) return `It is ${possessive(name(game, state.current))} turn to play a national event.`;
  if (state.eventPlayed) return `${Name(game, state.current)} has already played its national event this round.`;
  if (a.country === null)
    return `${card.title} is one of ${possessive(name(game, owner))} national events: it is played by its own country ("country": "${owner}").`;
  return null;
}

function checkWorld({ game, state }: Ctx, card: EventCard): string | null {
  const century = field(card, 'century') ?? '';
  if (state.phase !== 'world-event') return 'The world event is turned over at the end of the century, after the market.';
  if (century !== state.century) return `${card.title} is the ${centuryName(game, century)} world event; this is the ${centuryName(game, state.century)}.`;
  if (state.played.includes(card.id) || state.eventPlayed) return `The ${centuryName(game, state.century)} world event has already been played.`;
  return null;
}

function checkChance({ game, state }: Ctx, card: EventCard, a: PlayCard): string | null {
  const waiting = state.prompts.filter((p) => p.kind === 'draw-chance');
  if (waiting.length === 0) return 'Nobody is due to draw a chance card now.';
  const who = a.country ?? (waiting.length === 1 ? waiting[0]!.country : null);
  if (who === null) return 'Several countries are due to draw chance: say which one drew this card.';
  if (!waiting.some((p) => p.country === who)) return `${Name(game, who)} is not due to draw a chance card.`;
  const stop = chanceStop(game, state);
  if (stop) return stop.sentence;
  if (!drawableChance(game, state).some((c) => c.id === card.id)) return `${card.title} has already been drawn and is out of the game.`;
  return null;
}

/** One fewer chance card owed by this country. */
function drawOne(state: GameState, country: string): GameState {
  const prompts = state.prompts.flatMap((p) => {
    if (p.kind !== 'draw-chance' || p.country !== country) return [p];
    return p.count > 1 ? [{ ...p, count: p.count - 1 }] : [];
  });
  return withState(state, { prompts });
}

export const playCardAction = defineAction({
  type: 'play-card',
  schema: z.strictObject({
    type: z.literal('play-card'),
    country: IdField.nullable().describe('Who drew it; null for a world event (the lead turns it over) or when only one country is due to draw chance.'),
    code: IdField.describe('The code printed on the card, e.g. "NE-ENG-16-2" (any case).'),
  }),
  summary:
    'A card that was drawn: a national event (by its country, in the national events), the world event (`country: null`, turned over by the lead) or a chance card (by the country due to draw). Its effects are carried out as one step.',
  example: { type: 'play-card', country: 'england', code: 'NE-ENG-16-2' },
  check(ctx, a) {
    const { game, state } = ctx;
    const card = cardByCode(game, a.code);
    if (!card) return `No card has the code '${a.code}'. Check the code printed in the card's corner.`;
    if (a.country !== null && !present(state, a.country)) return notPlaying(game, a.country);
    if (state.phase === 'over' || state.phase === 'final-buying') return OVER;
    const draw = drawOf(game, card);
    // A chance card is awaited: any other card is the wrong kind first, whoever it belongs to.
    const drawing = state.prompts.find((p) => p.kind === 'draw-chance');
    if (drawing && draw !== 'chance')
      return `${Name(game, drawing.country)} is drawing a chance card now; ${card.title} is not one. Type the code of the chance card it drew.`;
    switch (draw) {
      case 'national':
        return checkNational(ctx, card as EventCard, a);
      case 'world':
        return checkWorld(ctx, card as EventCard);
      case 'chance':
        return checkChance(ctx, card as EventCard, a);
      default:
        return `${card.title} is a ${card.type.replace('-', ' ')}, not an event or chance card.`;
    }
  },
  credits({ state, game }, a) {
    const card = cardByCode(game, a.code) as EventCard;
    const seats = state.table.players.length;
    // Every book held at the table: a card may move books onto a shelf (lose_book … to self)
    // before it counts them, so the largest shelf now is no bound on the shelf it counts.
    const books = state.table.players.reduce((n, c) => n + state.table.owner.at(c).length, 0);
    return (card.effects as Effect[]).reduce((sum, e) => sum + verbFor(e).most(e, seats, books), 0);
  },
  apply({ game, state, edition }, a, rec) {
    const card = cardByCode(game, a.code) as EventCard;
    const why = `${card.title} (${card.code})`;
    let holder: string | null;
    const draw = drawOf(game, card);
    if (draw === 'national') {
      holder = field(card, 'country')!;
      if (rec.on) rec.say(Name(game, holder), `plays the national event ${card.title}`, card.code);
      state = withState(state, { played: [...state.played, card.id], eventPlayed: true });
    } else if (draw === 'world') {
      holder = null;
      if (rec.on) rec.say(Name(game, state.table.lead), `turns over the world event ${card.title}`, card.code);
      state = withState(state, { played: [...state.played, card.id], eventPlayed: true });
    } else {
      holder = a.country ?? state.prompts.find((p) => p.kind === 'draw-chance')!.country;
      if (rec.on) rec.say(Name(game, holder), `draws the chance card ${card.title}`, card.code);
      state = withState(drawOne(state, holder), { chanceThisTurn: state.chanceThisTurn + 1 });
      if (!edition.chance_reshuffle) state = withState(state, { chanceUsed: [...state.chanceUsed, card.code] });
    }
    const out = applyEffects(game, edition, state.table, holder, card.effects as never, why, rec.on);
    for (const line of out.log) rec.say(line.who, line.what, why);
    const after = ask(game, withState(state, { table: out.table }), out.prompts);
    // Draws left that the deck cannot serve this turn (a chance card that draws chance, say): said once, when the last card it could serve is drawn.
    if (rec.on && draw === 'chance' && after.prompts.some((p) => p.kind === 'draw-chance')) {
      const stop = chanceStop(game, after);
      if (stop) rec.say('Game', stop.sentence, why);
    }
    return after;
  },
  describe(game, a) {
    const title = cardByCode(game, a.code)?.title ?? a.code;
    return `${a.country ? `${Name(game, a.country)} plays` : 'Played'} ${title} (${a.code})`;
  },
});
