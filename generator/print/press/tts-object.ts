// A Tabletop Simulator saved object for one deck: the JSON a player drops into TTS's "Saved
// Objects" folder to get the whole deck on the table, with every card's name and description,
// instead of typing grid sizes and image addresses into the custom deck dialog. Only the fields
// TTS reads for a custom deck are written; tests/print/tts.test.ts checks them.
import { createHash } from 'node:crypto';
import type { Card, Game } from '../../../engine/index.js';

export interface TtsSheet {
  /** Address of the face sheet (and of the backs sheet, or the single back). */
  face: string;
  back: string;
  uniqueBack: boolean;
  cols: number;
  rows: number;
  /** The cards on this sheet, in slot order. */
  cards: Card[];
}

const transform = (y: number, flipped: boolean) => ({
  posX: 0,
  posY: y,
  posZ: 0,
  rotX: 0,
  rotY: 180,
  rotZ: flipped ? 180 : 0,
  scaleX: 1,
  scaleY: 1,
  scaleZ: 1,
});

/** A GUID TTS accepts (six hex digits), the same for the same deck on every build. */
const guid = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 6);

/** What a player reads when hovering over a card: its facts, what it does, and its note. */
export function cardDescription(card: Card, game: Game): string {
  const f = card as unknown as Record<string, unknown>;
  const name = <T extends { id: string; name: string }>(list: T[], id: unknown) => list.find((x) => x.id === id)?.name;
  const facts = [
    f.code,
    name(game.countries, f.country),
    name(game.centuries, f.century),
    name(game.genres, f.genre),
    typeof f.value === 'number' ? `value ${f.value}` : undefined,
    f.mvb === true ? 'MVB' : undefined,
  ].filter((x): x is string => typeof x === 'string');
  const effects = Array.isArray(f.effects_text) ? (f.effects_text as string[]) : [];
  const words = [f.text, f.note].filter((x): x is string => typeof x === 'string');
  return [facts.join(' · '), ...effects, ...words].filter((s) => s.length > 0).join('\n');
}

export function ttsDeckObject(deckTitle: string, game: Game, sheets: TtsSheet[]): object {
  const customDeck = (s: TtsSheet) => ({
    FaceURL: s.face,
    BackURL: s.back,
    NumWidth: s.cols,
    NumHeight: s.rows,
    BackIsHidden: true,
    UniqueBack: s.uniqueBack,
    Type: 0,
  });
  const decks = Object.fromEntries(sheets.map((s, i) => [String(i + 1), customDeck(s)]));
  const cards = sheets.flatMap((s, i) =>
    s.cards.map((card, slot) => ({
      Name: 'Card',
      Transform: transform(1, true),
      Nickname: card.title,
      Description: cardDescription(card, game),
      CardID: (i + 1) * 100 + slot,
      CustomDeck: { [String(i + 1)]: customDeck(s) },
      Hands: true,
      SidewaysCard: false,
      GUID: guid(`${deckTitle}/${card.id}`),
    })),
  );
  return {
    SaveName: '',
    Date: '',
    VersionNumber: '',
    GameMode: '',
    Note: '',
    ObjectStates: [
      {
        Name: 'DeckCustom',
        Transform: transform(1, true),
        Nickname: `${game.name}: ${deckTitle}`,
        Description: `${cards.length} cards`,
        Hands: false,
        SidewaysCard: false,
        DeckIDs: cards.map((c) => c.CardID),
        CustomDeck: decks,
        ContainedObjects: cards,
        GUID: guid(deckTitle),
      },
    ],
  };
}
