// A number of credits the banker types: a transfer, what a side of a trade gives, a bid. The field
// keeps exactly what was typed. A number field wrote its own number back while the banker typed
// (after "1e" or "-" it held nothing, the page wrote 0, and the next keys landed after it), so
// "1e3" was recorded as 3 and "-1" became a bid of 1; and fractions were rounded down without a
// word. Here the text is read strictly — a whole number of credits, in the digits 0 to 9 (of any script), from the
// field's least to what a purse can hold — and anything else is a sentence beside the field;
// nothing is recorded from it until it is put right. The rules check the amount again when it is
// recorded (the payer's purse, the purse it fills), with their own sentence.
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { MAX_CREDITS, asciiDigits } from '../../../engine/index.js';
import { credits } from './words.js';

export type CreditsReading = { credits: number; problem?: undefined } | { credits?: undefined; problem: string };

const MOST = MAX_CREDITS.toLocaleString('en');

/**
 * What the text says, or why it is not a number of credits. `least`: the smallest the field takes
 * (1 for a transfer, 0 where nothing is a choice); `empty`: what an empty field means, if anything.
 */
export function readCredits(text: string, least: number, empty?: number): CreditsReading {
  // Full-width digits (a Japanese keyboard's), and the digits of other scripts (an Arabic or a
  // Hindi keyboard's ٣ or ३), are the digits 0 to 9 all the same.
  const t = asciiDigits(text.normalize('NFKC')).trim();
  if (t === '') return empty === undefined ? { problem: 'Write how many credits.' } : { credits: empty };
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n > MAX_CREDITS) return { problem: `At most ${MOST} credits: no purse at a table holds more. Check the number.` };
    if (n < least) return { problem: `At least ${credits(least)}.` };
    return { credits: n };
  }
  if (/^[-−–]/.test(t)) return { problem: 'Credits cannot be negative: write how many credits, without a minus sign.' };
  if (/^\d{1,3}([,. \u00a0\u202f]\d{3})+$/.test(t))
    return { problem: `Write the number in digits only, e.g. ${t.replace(/\D/g, '')}: no commas, points or spaces (credits are whole).` };
  const fraction = /^(\d*)[.,](\d+)$/.exec(t);
  if (fraction) {
    const down = Number(fraction[1] || '0');
    return { problem: `Credits are whole: write ${down} or ${down + 1}, not ${t}.` };
  }
  return { problem: `Write the number with the digits 0 to 9 only: “${t.length > 12 ? `${t.slice(0, 12)}…` : t}” is not a number of credits.` };
}

export interface CreditsInput {
  /** The input's id; the problem line's id is this with "-problem". */
  id: string;
  /** What was typed, as typed. */
  text: string;
  problem: string | undefined;
  onText: (text: string) => void;
  /** For a field without a visible label of its own. */
  label?: string;
  placeholder?: string;
}

/**
 * The field. `live`: the text is set only when it differs from what the field shows, so the page
 * never moves the banker's cursor or rewrites a key as it lands.
 */
export function creditsInput(f: CreditsInput): TemplateResult {
  return html`<input id=${f.id} class="credits-input" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" enterkeyhint="done"
    aria-label=${f.label ?? nothing} placeholder=${f.placeholder ?? nothing} aria-invalid=${f.problem ? 'true' : 'false'}
    aria-describedby=${f.problem ? `${f.id}-problem` : nothing} .value=${live(f.text)}
    @input=${(e: Event) => f.onText((e.target as HTMLInputElement).value)} />`;
}

/** The sentence beside a field whose text is not a number of credits (nothing when it is). */
export function creditsProblem(id: string, problem: string | undefined): TemplateResult {
  // Always there, empty when all is well: a live region announces what appears in it.
  return html`<p class="amount-problem" id="${id}-problem" aria-live="polite" ?hidden=${!problem}>${problem ?? ''}</p>`;
}
