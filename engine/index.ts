// The engine's front door: the rules as one pure library (no files, no DOM, no clock, no
// randomness). The referee, the command and the simulator import from here and nowhere else in
// engine/; a test fails if they reach past it. See docs/ARCHITECTURE.md for the map.

// The resolved game and its cards
export * from './game.js';
export {
  CARD_TYPES,
  cardTypes,
  cardTypeOf,
  cardTypeInfos,
  registerCardType,
  typesWithRole,
  defineCardType,
  cardBase,
  typeInfo,
  type CardTypeDef,
  type CardRole,
  type Arrival,
  type Draw,
  type CardTypeName,
  type Book,
  type AuctionBook,
  type NationalEvent,
  type WorldEvent,
  type Chance,
  type Manuscript,
  type Reference,
} from './cards/index.js';

// What content files look like
export { asciiDigits, digitValue } from './digits.js';
export * from './schema/common.js';
export { GameFile, Country, Century, Genre, Collection, Edition, AuctionRules, EditionChange, Tables } from './schema/game.js';
export { PackFile } from './schema/pack.js';
export { AuctionLot, contentFileSchema } from './schema/content-file.js';

// The effect language
export { Effect, Effects, EFFECT_VERBS, verbFor, verbOf, type EffectVerbName } from './effects/verbs/index.js';
export type { GainEffect, PayEffect, LoseBookEffect, ReleaseLotEffect, DrawChanceEffect, SkipRollEffect } from './effects/verbs/index.js';
export { Per, Who, Party as PartySchema, WHO_WORDS, PARTY_WORDS } from './effects/parts.js';
export type { EffectVerb, NameBook, Reference as EffectReference, Advice } from './effects/verb.js';
export { effectRenderer, type EffectTemplates, type EffectRenderer } from './effects/render.js';
export { flatNetOfCard } from './effects/estimate.js';
export { applyEffects, type Applied } from './effects/apply.js';

// Money, books and scores
export { owed, owedTo, debtOf, isDebtor, creditsInPlay, type Ledger, type Debt, type CountryId, type Party } from './ledger.js';
export {
  cardById,
  ownableById,
  cardTitle,
  cardByCode,
  cardOrder,
  centuryOfCard,
  holdings,
  isLocked,
  lockedCards,
  unlockedHoldings,
  shelfOf,
  valueOfCards,
  saleValueOfCards,
  leadOf,
  seatedAt,
  type Table,
  type LockedSet,
  Places,
  type Place,
} from './table.js';
export { bookValue, saleValue, shareOf } from './worth.js';
export { bestCollections, finalScores, ranking, libraryPoints, type CountryScore, type CompletedCollection, type Progress, type Placing } from './scoring.js';
export { closestBooks, closestDistance } from './closest-books.js';
export { moneyLaw, countriesWorth, type MoneyReport } from './money-law.js';
export { andList, NUMBER_WORDS, byId, countryName, centuryName, genreName, lotName, collectionRule } from './names.js';
export type { Prompt, PromptOf } from './prompts.js';
export { toArray, type Chain } from './chain.js';

// The referee's game: the action log, the state it gives, the banker's guide
export * from './game/index.js';

// Saved games: the file the referee exports and `codex-conquest replay` checks
export {
  SAVED_FORMAT,
  SAVED_VERSION,
  SavedGameSchema,
  SetupSchema,
  LogEntrySchema,
  checkCode,
  checkCodes,
  MAX_CHECKPOINTS,
  checkpointSeq,
  restoreSaved,
  checkpointFindings,
  toSavedGame,
  parseSavedGame,
  savedGameText,
  savedGameNotes,
  isTime,
  MAX_DEPTH,
  setupProblem,
  packDifference,
  replayChecked,
  type SavedGame,
  type Parsed,
  type Rejection,
  type CheckpointFinding,
} from './saved-game.js';
export { sha256Hex, Sha256 } from './sha256.js';

// Checkpoints: a long game opened without replaying every action (the log stays the truth)
export {
  CHECKPOINT_FORMAT,
  CheckpointSchema,
  CheckpointStateSchema,
  makeCheckpoint,
  restoreCheckpoint,
  gameText,
  canonicalJson,
  type Checkpoint,
  type Restored,
} from './game/checkpoint.js';
