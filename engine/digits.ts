// Decimal digits of any script ("٣" on an Arabic keyboard, "३" on a Hindi one) are the digits 0 to 9
// all the same: the referee reads an amount typed in them, and validate offers them as what to
// print instead. Unicode keeps every script's ten digits in a row, zero first.

const DIGIT = /^\p{Nd}$/u;

/** The value of a decimal digit of any script, 0 to 9; undefined for anything else. */
export function digitValue(ch: string): number | undefined {
  if (!DIGIT.test(ch)) return undefined;
  const cp = ch.codePointAt(0)!;
  let zero = cp;
  while (cp - zero < 9 && DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return cp - zero;
}

/** The text with every decimal digit of another script written as its digit 0 to 9. */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => String(digitValue(d)));
}
