// Hand-written games that walk through the rules the referee must get right.
import { describe, it, expect } from 'vitest';
import {
  newGame,
  step,
  check,
  replay,
  nextSteps,
  RULES_VERSION,
  owed,
  creditsInPlay,
  moneyCheck,
  finalScores,
  applyEffects,
  editionOf,
  ownableById,
  lockedCards,
  type GameState,
  type Action,
  type Setup,
  type LogEntry,
  historyOf,
  entriesOf,
  undoneOf,
  rejectedOf,
} from '../../../engine/index.js';
import { miniGame } from './fixture.js';
import { until } from './driver.js';

const game = miniGame();
const codex: Setup = { players: 4, edition: 'codex', length: 'short', packs: [] };
const classic: Setup = { ...codex, edition: 'classic' };

function go(s: GameState, ...actions: Action[]): GameState {
  for (const a of actions) s = step(game, s, a);
  return s;
}
const credits = (s: GameState, c: string) => s.table.ledger.credits[c]!;
const market = (s: GameState) => s.table.owner.ids().filter((id) => s.table.owner.get(id) === 'market');
const value = (id: string) => ownableById(game, id)!.value;
const Name = (id: string) => id[0]!.toUpperCase() + id.slice(1);

describe('turn flow', () => {
  it('opens with national events in seat order, then the market from the lead', () => {
    let s = newGame(game, codex);
    expect([s.century, s.round, s.phase, s.current, s.firstRound]).toEqual(['15th', 1, 'national-events', 'germany', true]);
    expect(nextSteps(game, s)[0]!.label).toBe('Germany: draw your 15th-century national event and enter its code');
    expect(check(game, s, { type: 'play-card', country: 'italy', code: 'NE-ITA-15-1' })).toBe("It is Germany's turn to play a national event.");
    expect(check(game, s, { type: 'end-turn' })).toBe('Germany has not played its 15th century national event yet.');
    expect(check(game, s, { type: 'play-card', country: null, code: 'NE-GER-16-1' })).toBe(
      'germany-16th-event-1 is a 16th century event; this is the 15th century.',
    );
    s = until(game, s, (x) => x.phase === 'market');
    expect(s.current).toBe('germany');
    expect(nextSteps(game, s)[0]!.label).toBe('Germany: roll the die (a 1 or 6 is rolled again in the first round)');
    s = until(game, s, (x) => x.century === '16th');
    expect([s.phase, s.current, s.table.lead]).toEqual(['national-events', 'germany', 'italy']);
    s = until(game, s, (x) => x.phase === 'market');
    expect(s.current).toBe('italy'); // the lead opens the market
    // the 16th-century books are on the market now, the 17th-century ones are not
    expect(market(s).some((id) => id.includes('16th'))).toBe(true);
    expect(market(s).some((id) => id.includes('17th'))).toBe(false);
  });

  it('first round: a 1 or 6 is rolled again and pays nothing; later a 1 or 6 means chance', () => {
    let s = until(game, newGame(game, codex), (x) => x.phase === 'market');
    const before = credits(s, 'germany');
    s = go(s, { type: 'roll', country: 'germany', face: 6 });
    expect([s.rolled, s.current, credits(s, 'germany')]).toEqual([false, 'germany', before]);
    expect(historyOf(s).at(-1)!.what).toBe('rolls 6: roll again (first round)');
    s = go(s, { type: 'roll', country: 'germany', face: 1 }, { type: 'roll', country: 'germany', face: 4 });
    expect([s.rolled, credits(s, 'germany')]).toEqual([true, before + 4]);
    expect(check(game, s, { type: 'roll', country: 'germany', face: 2 })).toBe('Germany has already rolled this turn.');

    s = until(game, s, (x) => x.phase === 'market' && !x.firstRound); // 16th century, Italy leads
    s = go(s, { type: 'roll', country: 'italy', face: 1 });
    expect(s.rolled).toBe(true);
    expect(s.prompts).toEqual([{ kind: 'draw-chance', country: 'italy', count: 1 }]);
    expect(check(game, s, { type: 'end-turn' })).toBe('Italy must first draw a chance card.');
    // Another kind of card typed now is refused as the wrong kind, whoever it belongs to.
    const event = game.cards.find((c) => c.type === 'national-event' && 'country' in c && c.country === 'germany')!;
    expect(check(game, s, { type: 'play-card', country: 'italy', code: event.code })).toBe(
      `Italy is drawing a chance card now; ${event.title} is not one. Type the code of the chance card it drew.`,
    );
    const had = credits(s, 'italy');
    s = go(s, { type: 'play-card', country: null, code: 'ch-01' }); // codes are matched whatever the case
    expect(credits(s, 'italy')).toBe(had + 4);
    expect(s.chanceUsed).toEqual(['CH-01']);
    s = go(s, { type: 'end-turn' }, { type: 'roll', country: 'spain', face: 6 });
    // codex draws without replacement: CH-01 is out of the game
    expect(check(game, s, { type: 'play-card', country: 'spain', code: 'CH-01' })).toBe('chance-1 has already been drawn and is out of the game.');
  });

  it('classic reshuffles chance after every draw', () => {
    let s = until(game, newGame(game, classic), (x) => x.phase === 'market' && !x.firstRound);
    s = go(s, { type: 'roll', country: s.current, face: 6 }, { type: 'play-card', country: null, code: 'CH-01' }, { type: 'end-turn' });
    s = go(s, { type: 'roll', country: s.current, face: 6 });
    expect(check(game, s, { type: 'play-card', country: null, code: 'CH-01' })).toBeNull();
  });

  it('a chance card that draws chance, shuffled back after every draw: the turn stops once it has drawn as many as the deck holds', () => {
    // CH-08 says "draw a chance card"; classic shuffles it straight back, so it could be drawn for ever.
    let s = until(game, newGame(game, classic), (x) => x.phase === 'market' && !x.firstRound);
    const who = s.current;
    s = go(s, { type: 'roll', country: who, face: 6 });
    for (let i = 0; i < 7; i++) s = go(s, { type: 'play-card', country: null, code: 'CH-08' });
    expect(s.prompts).toEqual([{ kind: 'draw-chance', country: who, count: 1 }]);
    expect(check(game, s, { type: 'end-turn' })).toBe(`${Name(who)} must first draw a chance card.`);
    s = go(s, { type: 'play-card', country: null, code: 'CH-08' }); // the 8th draw, as many as the deck holds
    const stop = 'No more chance cards this turn: 8 cards have been drawn this turn, as many as the deck holds.';
    expect(historyOf(s).at(-1)!.what).toBe(stop);
    expect(check(game, s, { type: 'play-card', country: null, code: 'CH-01' })).toBe(stop);
    expect(nextSteps(game, s).map((x) => x.label)).toContain(
      `${Name(who)} would draw chance, but 8 cards have been drawn this turn, as many as the deck holds`,
    );
    // The draw left over does not hold the game up, and is dropped with the turn; the next turn draws again.
    s = go(s, { type: 'end-turn' });
    expect(s.prompts.filter((p) => p.kind === 'draw-chance')).toEqual([]);
    s = go(s, { type: 'roll', country: s.current, face: 6 });
    expect(check(game, s, { type: 'play-card', country: null, code: 'CH-08' })).toBeNull();
  });

  it('a skipped roll: the turn ends without one', () => {
    // France's first 17th-century event makes every other country skip its next roll.
    let s = until(game, newGame(game, codex), (x) => x.century === '17th' && x.current === 'france' && x.phase === 'national-events');
    s = go(s, { type: 'play-card', country: 'france', code: 'NE-FRA-17-1' });
    if (s.prompts.some((p) => p.kind === 'choose-book'))
      s = go(s, { type: 'choose-book', country: 'france', cards: [(s.prompts[0] as { candidates: string[] }).candidates[0]!] });
    expect(s.prompts.filter((p) => p.kind === 'skip-roll').map((p) => ('country' in p ? p.country : ''))).toEqual(['germany', 'italy', 'spain']);
    s = go(s, { type: 'end-turn' });
    expect([s.phase, s.current, s.skipping]).toEqual(['market', 'spain', true]);
    expect(check(game, s, { type: 'roll', country: 'spain', face: 3 })).toBe('Spain skips its roll this turn.');
    expect(nextSteps(game, s)[0]!.label).toBe('Spain skips the roll this turn');
    s = go(s, { type: 'end-turn' });
    expect([s.current, s.skipping]).toEqual(['france', false]);
  });
});

describe('auctions', () => {
  it('classic: reserve 4, whole lot only, unsold lots leave the game', () => {
    let s = newGame(game, classic);
    s = go(s, { type: 'play-card', country: 'germany', code: 'NE-GER-15-3' }); // pay 2, release lot-15th
    expect(s.openAuctions).toEqual(['lot-15th']);
    expect(owed(s.table.ledger, 'germany', 'bank')).toBe(2); // classic starts with no credits
    expect(check(game, s, { type: 'end-turn' })).toBe('Close the auction of Lot of the 15th first (record the sales, or that nobody bought).');
    const lot = ['auction-15th-1', 'auction-15th-2', 'auction-15th-3', 'auction-15th-4'];
    expect(check(game, s, { type: 'auction', lot: 'lot-15th', sales: [{ country: 'italy', cards: lot, price: 4 }] })).toBe(
      'Italy has 0 credits and cannot pay 4.',
    );
    s = go(s, { type: 'transfer', from: 'bank', to: 'italy', amount: 6, note: 'test' });
    expect(check(game, s, { type: 'auction', lot: 'lot-15th', sales: [{ country: 'italy', cards: lot, price: 3 }] })).toBe(
      'The reserve for this lot is 4 credits; a bid of 3 is too low. If nobody meets it, record no sale.',
    );
    expect(check(game, s, { type: 'auction', lot: 'lot-15th', sales: [{ country: 'italy', cards: lot.slice(0, 1), price: 5 }] })).toBe(
      'In this edition the lot is sold whole, to one country.',
    );
    const bank = s.table.ledger.bank;
    const sold = go(s, { type: 'auction', lot: 'lot-15th', sales: [{ country: 'italy', cards: lot, price: 5 }] });
    expect(lot.map((id) => sold.table.owner.get(id))).toEqual(['italy', 'italy', 'italy', 'italy']);
    expect([credits(sold, 'italy'), sold.table.ledger.bank, sold.openAuctions]).toEqual([1, bank + 5, []]);
    const unsold = go(s, { type: 'auction', lot: 'lot-15th', sales: [] });
    expect(lot.map((id) => unsold.table.owner.get(id))).toEqual(['gone', 'gone', 'gone', 'gone']);
  });

  it('codex: single books, no reserve, unsold books join the market', () => {
    let s = go(newGame(game, codex), { type: 'play-card', country: 'germany', code: 'NE-GER-15-3' });
    s = go(s, {
      type: 'auction',
      lot: 'lot-15th',
      sales: [
        { country: 'spain', cards: ['auction-15th-2'], price: 1 },
        { country: 'italy', cards: ['auction-15th-4'], price: 1 },
      ],
    });
    expect(['auction-15th-1', 'auction-15th-2', 'auction-15th-3', 'auction-15th-4'].map((id) => s.table.owner.get(id))).toEqual([
      'market',
      'spain',
      'market',
      'italy',
    ]);
  });
});

describe('collections', () => {
  it('a completed collection locks, is safe from events, and scores double', () => {
    let s = until(game, newGame(game, codex), (x) => x.phase === 'market');
    s = go(s, { type: 'roll', country: 'germany', face: 5 }, { type: 'transfer', from: 'bank', to: 'germany', amount: 30, note: 'test' });
    // National Canon is 3 books of one country here; Germany holds its manuscript already.
    const german = market(s).filter((id) => id.startsWith('germany-15th'));
    expect(german).toHaveLength(2);
    s = go(s, { type: 'buy', country: 'germany', card: german[0]! });
    expect(lockedCards(s.table)).toEqual([]);
    s = go(s, { type: 'buy', country: 'germany', card: german[1]! });
    const canon = ['germany-manuscript', ...german].sort();
    expect([...lockedCards(s.table)].sort()).toEqual(canon);
    expect(s.table.sets).toEqual([{ country: 'germany', collection: 'national-canon', key: 'germany', cards: expect.any(Array) }]);
    expect(historyOf(s).at(-1)!.what).toMatch(/^completes National Canon: .* are locked$/);
    expect(check(game, s, { type: 'sell', country: 'germany', card: german[0]! })).toBe(
      `${ownableById(game, german[0]!)!.title} is locked in one of Germany's completed collections.`,
    );
    // A fire takes the most valuable unlocked book: none of Germany's are unlocked.
    const fire = applyEffects(game, editionOf(game, 'codex'), s.table, 'germany', [{ lose_book: 'most-valuable', count: 3 }], 'Fire');
    expect(fire.table.owner).toEqual(s.table.owner);
    expect(fire.log).toEqual([{ who: 'Germany', what: 'has no book to lose' }]);

    const score = finalScores(game, 'codex', s.table).find((x) => x.country === 'germany')!;
    const canonValue = canon.reduce((t, id) => t + value(id), 0);
    expect(score.collectionPoints).toBe(canonValue * 2);
    expect(score.collections.map((c) => c.label)).toEqual(['National Canon — Germany']);
    expect(score.books).toBe(0);
    expect(score.total).toBe(canonValue * 2 + credits(s, 'germany'));
  });
});

describe('a whole game', () => {
  it('reaches the end, scores every country, and replays from its log', () => {
    for (const setup of [codex, classic, { ...codex, players: 3, length: 'long' as const }]) {
      let s = newGame(game, setup);
      const log: LogEntry[] = [];
      const money = creditsInPlay(s.table.ledger);
      let n = 0;
      while (s.phase !== 'over' && n++ < 2000) {
        const before = s;
        s = until(game, s, (x) => x !== before, 4);
        log.push({ seq: before.nextSeq, action: entriesOf(s).at(-1)!.action, rules: RULES_VERSION, at: 'now' });
      }
      expect(s.phase).toBe('over');
      expect(s.century).toBe('17th');
      expect(moneyCheck(game, s).problems).toEqual([]);
      expect(creditsInPlay(s.table.ledger)).toBe(money);
      expect(replay(game, setup, log)).toEqual(s);
      const scores = finalScores(game, setup.edition, s.table);
      expect(scores.map((x) => x.country)).toEqual(s.table.players);
      for (const x of scores) expect(x.total).toBe(x.books + x.collectionPoints + x.creditPoints + x.owedToIt - x.owesOthers);
      expect(check(game, s, { type: 'end-turn' })).toBe('The game is over.');
      if (setup.edition === 'classic') {
        // leftover credits buy books before the count; they do not score themselves
        expect(scores.every((x) => x.creditPoints === 0)).toBe(true);
      }
    }
  });

  it('replay skips entries the rules refuse and says which', () => {
    const log: LogEntry[] = [
      { seq: 1, action: { type: 'roll', country: 'germany', face: 3 }, rules: RULES_VERSION, at: 'x' },
      { seq: 2, action: { type: 'play-card', country: 'germany', code: 'NE-GER-15-1' }, rules: RULES_VERSION, at: 'x' },
    ];
    const s = replay(game, codex, log);
    expect(rejectedOf(s)).toEqual([1]);
    expect(s.played).toEqual(['germany-15th-event-1']);
    expect(s.nextSeq).toBe(3);
  });

  it('undo-to rewinds to a line, and redo brings the undone back one by one', () => {
    let s = go(
      newGame(game, codex),
      { type: 'play-card', country: 'germany', code: 'NE-GER-15-1' },
      { type: 'end-turn' },
      { type: 'play-card', country: 'italy', code: 'NE-ITA-15-1' },
    );
    const full = s;
    s = go(s, { type: 'undo-to', seq: 1 });
    expect(s.played).toEqual(['germany-15th-event-1']);
    expect(undoneOf(s)).toEqual([2, 3]);
    expect(historyOf(s).every((h) => h.seq === 1)).toBe(true);
    s = go(s, { type: 'redo' });
    expect(undoneOf(s)).toEqual([3]);
    expect(s.current).toBe('italy');
    s = go(s, { type: 'redo' });
    expect({ ...s, nextSeq: 0 }).toEqual({ ...full, nextSeq: 0 });
    expect(check(game, s, { type: 'redo' })).toBe('There is nothing to redo.');
    // a new action after an undo ends the redo branch
    s = go(s, { type: 'undo' }, { type: 'transfer', from: 'bank', to: 'spain', amount: 1, note: 'fix' });
    expect(check(game, s, { type: 'redo' })).toBe('There is nothing to redo.');
    expect(undoneOf(s)).toEqual([3]);
  });
});
