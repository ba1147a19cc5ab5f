// What the game is waiting for a person to do: cards and rules create these, the referee asks
// the table, and an action answers each. While a prompt about a country's books is open, that
// country can do nothing else (DESIGN §2: a pending "lose a book of your choice", or a creditor
// still choosing books, cannot be dodged by selling or trading the books away first).
import type { CountryId, Party } from './ledger.js';

export type Prompt =
  /** The country draws `count` chance cards. */
  | { kind: 'draw-chance'; country: CountryId; count: number }
  /** An auction lot has been released. */
  | { kind: 'open-auction'; lot: string }
  /** The country does not roll on its next market turn. */
  | { kind: 'skip-roll'; country: CountryId }
  /** The country gives up `count` of these books, its choice, to a country or the market. */
  | { kind: 'choose-book'; country: CountryId; candidates: string[]; to: CountryId | 'market'; count: number }
  /**
   * A debt has just arisen (codex): the creditor chooses books now (`settle`) or credits later
   * (`wait`). Only asked when the debtor has books that could be taken.
   */
  | { kind: 'debt-terms'; debtor: CountryId; creditor: CountryId }
  /**
   * A card makes one country pay another (classic): nothing has moved yet. The country paid
   * chooses credits (`wait`: the payer pays what it can, the rest is a debt) or books (`settle`,
   * books worth at least the amount, change given back).
   */
  | { kind: 'claim'; debtor: CountryId; creditor: CountryId; amount: number; reason: string };

export type PromptOf<K extends Prompt['kind']> = Extract<Prompt, { kind: K }>;

/** The country whose books a prompt is about: it is frozen until the prompt is answered. */
export function frozenBy(p: Prompt): CountryId | undefined {
  switch (p.kind) {
    case 'choose-book':
      return p.country;
    case 'debt-terms':
    case 'claim':
      return p.debtor;
    default:
      return undefined;
  }
}

/** Whether the prompt concerns this pair of debtor and creditor. */
export function isAbout(p: Prompt, debtor: CountryId, creditor: Party): boolean {
  return (p.kind === 'debt-terms' || p.kind === 'claim') && p.debtor === debtor && p.creditor === creditor;
}
