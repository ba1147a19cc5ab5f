// A long game for the referee's benchmarks and tests: a 6-player long game played by the engine,
// with the table's business in between, until it holds exactly the number of actions asked for
// (any number: 2,000 or 120,000), stopped on a market turn after the roll so the page shows buy
// and sell buttons. Every entry is a legal action, checked by the engine as it is added.
//
// `kind` says what the business is:
//  - 'table' (the default): a credit from the bank and back, now and then an undo and a redo;
//  - 'mixed': transfers, 1-for-1 trades, undo and redo, and now and then "undo back to line N";
//  - 'undo-pairs': a slip and its undo, again and again (what a banker does all evening).
// The business is spread over the game (a whole game has only a few hundred game actions), and
// it waits while the table owes a decision (a book to choose, a debt's terms), which refuses
// anything else until it is answered.
// Returns the log, the state it leads to, and the saved-game file text the page imports.
import { join } from 'node:path';

export async function longGame(root, game, actions = 2000, kind = 'table') {
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
  /** Business is recorded only when the rules allow it now; a refusal ends this round of business. */
  const tryRecord = (action) => {
    if (log.length >= actions || engine.check(game, state, action)) return false;
    record(action);
    return true;
  };
  const gameAction = (s = state) => {
    const choose = s.prompts.find((p) => p.kind === 'choose-book');
    if (choose) return { type: 'choose-book', country: choose.country, cards: choose.candidates.slice(0, choose.count) };
    const terms = s.prompts.find((p) => p.kind === 'debt-terms' || p.kind === 'claim');
    if (terms) return { type: 'take-credits', debtor: terms.debtor, creditor: terms.creditor };
    if (s.openAuctions.length) return { type: 'auction', lot: s.openAuctions[0], sales: [] };
    const chance = s.prompts.find((p) => p.kind === 'draw-chance');
    const deck = engine.drawableChance(game, s);
    if (chance && deck.length) return { type: 'play-card', country: chance.country, code: deck[0].code };
    if (s.phase === 'national-events' && !s.eventPlayed) {
      const card = engine.unplayedNationalEvents(game, s, s.current)[0];
      if (card) return { type: 'play-card', country: s.current, code: card.code };
    }
    if (s.phase === 'world-event' && !s.eventPlayed) {
      const card = engine.worldEventOf(game, s)[0];
      if (card) return { type: 'play-card', country: null, code: card.code };
    }
    if (s.phase === 'market' && !s.rolled && !s.skipping) return { type: 'roll', country: s.current, face: 3 };
    return { type: 'end-turn' };
  };
  const stopHere = () => state.phase === 'market' && state.rolled && state.prompts.length === 0 && state.openAuctions.length === 0;

  // How many game actions a whole game takes: the business is spread over the first 80 % of them,
  // so the rest of the game is there to reach a market turn to stop on.
  let whole = 0;
  for (let s = engine.newGame(game, setup); s.phase !== 'over'; whole++) s = engine.step(game, s, gameAction(s), { record: false });
  const spread = Math.max(1, Math.floor(whole * 0.8));

  const free = () => state.table.players.filter((c) => !state.table.ledger.debts.some((d) => d.debtor === c));
  let round = 0;
  /** One round of business; false when none could be recorded now. */
  const business = () => {
    round++;
    const countries = free();
    const c = countries[round % Math.max(1, countries.length)];
    const d = countries[(round + 1) % Math.max(1, countries.length)];
    if (!c) return false;
    const move = (from, to, amount) => ({ type: 'transfer', from, to, amount, note: 'bench' });
    if (kind === 'undo-pairs') return tryRecord(move('bank', c, 1)) && tryRecord({ type: 'undo' });
    if (kind === 'mixed') {
      if (!tryRecord(move('bank', c, 2)) || !tryRecord(move(c, 'bank', 2))) return false;
      if (d && d !== c) tryRecord({ type: 'trade', a: c, b: d, aGives: { credits: 1, cards: [] }, bGives: { credits: 1, cards: [] } });
      if (tryRecord(move('bank', c, 3)) && tryRecord({ type: 'undo' }) && tryRecord({ type: 'redo' })) tryRecord(move(c, 'bank', 3));
      if (round % 7 === 0) {
        const back = state.nextSeq - 1;
        if (tryRecord(move('bank', c, 1))) tryRecord({ type: 'undo-to', seq: back });
      }
      return true;
    }
    if (!tryRecord(move('bank', c, 1)) || !tryRecord(move(c, 'bank', 1))) return false;
    if (round % 5 === 0 && tryRecord({ type: 'undo' })) tryRecord({ type: 'redo' });
    return true;
  };

  const room = Math.max(0, actions - 40);
  let played = 0;
  while (log.length < actions) {
    if (state.phase === 'over') throw new Error('long game: the game ended before reaching the number of actions');
    record(gameAction());
    played++;
    // Business up to this game action's share of the log, while no decision is open.
    const share = Math.min(room, Math.ceil((room * played) / spread));
    while (log.length < share && !engine.openDecision(game, state) && business()) {}
    if (log.length >= room) {
      // Play on to a market turn after its roll, then fill up with transfers to the exact count.
      while (!stopHere() && log.length < actions) record(gameAction());
      const c = state.current;
      while (log.length < actions) record({ type: 'transfer', from: log.length % 2 ? 'bank' : c, to: log.length % 2 ? c : 'bank', amount: 1, note: 'bench' });
    }
  }
  const body = { game: { id: game.id, name: game.name }, rules: engine.RULES_VERSION, setup, log };
  const saved = JSON.stringify({
    format: engine.SAVED_FORMAT,
    version: engine.SAVED_VERSION,
    ...body,
    saved: '2026-01-01T12:00:00.000Z',
    check: engine.checkCode(body),
  });
  return { setup, log, state, saved, engine };
}
