// A long game for the referee's benchmarks and tests: a 6-player long game played by the engine,
// with table business in between (credits moved by hand, undo and redo) until it holds exactly
// the number of actions asked for, stopped on a market turn after the roll so the page shows buy
// and sell buttons. Returns the log and the saved-game file text the page imports.
import { createHash } from 'node:crypto';
import { join } from 'node:path';

export async function longGame(root, game, actions = 2000) {
  const engine = await import(join(root, 'dist', 'engine', 'index.js'));
  const setup = { players: 6, edition: game.rules.default_edition, length: 'long', packs: game.packs.map((p) => p.id) };
  let state = engine.newGame(game, setup);
  const log = [];
  const record = (action) => {
    const why = engine.check(game, state, action);
    if (why) throw new Error(`long game: ${JSON.stringify(action)} refused: ${why}`);
    log.push({ seq: state.nextSeq, action, rules: engine.RULES_VERSION, at: new Date(Date.UTC(2026, 0, 1, 10, 0, log.length)).toISOString() });
    state = engine.step(game, state, action);
  };
  const gameAction = () => {
    const choose = state.prompts.find((p) => p.kind === 'choose-book');
    if (choose) return { type: 'choose-book', country: choose.country, cards: choose.candidates.slice(0, choose.count) };
    const terms = state.prompts.find((p) => p.kind === 'debt-terms' || p.kind === 'claim');
    if (terms) return { type: 'take-credits', debtor: terms.debtor, creditor: terms.creditor };
    if (state.openAuctions.length) return { type: 'auction', lot: state.openAuctions[0], sales: [] };
    const chance = state.prompts.find((p) => p.kind === 'draw-chance');
    const deck = engine.drawableChance(game, state);
    if (chance && deck.length) return { type: 'play-card', country: chance.country, code: deck[0].code };
    if (state.phase === 'national-events' && !state.eventPlayed) {
      const card = engine.unplayedNationalEvents(game, state, state.current)[0];
      if (card) return { type: 'play-card', country: state.current, code: card.code };
    }
    if (state.phase === 'world-event' && !state.eventPlayed) {
      const card = engine.worldEventOf(game, state)[0];
      if (card) return { type: 'play-card', country: null, code: card.code };
    }
    if (state.phase === 'market' && !state.rolled && !state.skipping) return { type: 'roll', country: state.current, face: 3 };
    return { type: 'end-turn' };
  };
  const stopHere = () => state.phase === 'market' && state.rolled && state.prompts.length === 0 && state.openAuctions.length === 0;
  // Table business between game actions: a credit from the bank and back (to a country with no
  // debts, so it stays a plain transfer), and now and then an undo and a redo.
  const business = (i) => {
    const free = state.table.players.filter((c) => !state.table.ledger.debts.some((d) => d.debtor === c));
    const c = free[Math.floor(i / 2) % Math.max(1, free.length)];
    if (i === 7 && log.length % 5 === 0) return [{ type: 'undo' }, { type: 'redo' }];
    if (!c) return [];
    return [
      { type: 'transfer', from: 'bank', to: c, amount: 1, note: 'bench' },
      { type: 'transfer', from: c, to: 'bank', amount: 1, note: 'bench' },
    ];
  };
  while (log.length < actions) {
    record(gameAction());
    for (let i = 0; i < 6; i++) for (const a of business(i)) if (log.length < actions - 40) record(a);
    if (log.length >= actions - 40) {
      // Play on to a market turn after its roll, then fill up with transfers to the exact count.
      while (!stopHere()) record(gameAction());
      const c = state.current;
      while (log.length < actions)
        record(
          log.length % 2
            ? { type: 'transfer', from: 'bank', to: c, amount: 1, note: 'bench' }
            : { type: 'transfer', from: c, to: 'bank', amount: 0 + 1, note: 'bench' },
        );
    }
    if (state.phase === 'over') throw new Error('long game: the game ended before reaching the number of actions');
  }
  const body = { game: { id: game.id, name: game.name }, rules: engine.RULES_VERSION, setup, log };
  const check = engine.checkCode
    ? engine.checkCode(body)
    : createHash('sha256')
        .update(JSON.stringify([body.game.id, body.rules, body.setup, body.log]))
        .digest('hex');
  const saved = JSON.stringify({ format: engine.SAVED_FORMAT, version: engine.SAVED_VERSION, ...body, saved: '2026-01-01T12:00:00.000Z', check });
  return { setup, log, state, saved, engine };
}
