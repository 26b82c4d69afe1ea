/**
 * Finds ways to reach someone or pay them outside TaskBid in a text: e-mail addresses,
 * phone numbers and payment handles. Precise on purpose: a price ("$250"), a date
 * ("2026-11-27") or an amount ("1,250,000") is not a phone number. Text written before the
 * task is assigned is checked (see the prevention feature); the writer is warned, and the
 * text is reported for a moderator to look at, never refused.
 */

export type ContactKind = 'email' | 'phone' | 'payment';

export interface ContactHit {
  kind: ContactKind;
  /** What was found, as written. */
  found: string;
}

/** What the writer is told beside the form after sending. */
export const CONTACT_WARNING =
  'Keep payments on TaskBid: paying or being paid outside it loses the protection of payment on completion and of our help in a dispute. Contact details shared before a task is assigned are checked by our moderators.';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

/**
 * A phone-like run: digits in groups joined by a space, dot, hyphen or brackets, maybe after
 * a `+`. Not after a currency sign, a digit or a letter; commas and slashes end it.
 */
const PHONE =
  /(?<![\p{L}\p{N}$€£¥.,/:])\+?\(?\d{1,5}\)?(?:[ .-]{1,2}\(?\d{1,5}\)?){1,6}(?![\p{L}\p{N}]|[.,]\d|\/\d)/gu;
const PLAIN_DIGITS = /(?<![\p{L}\p{N}$€£¥.,/:])\+\d{7,15}(?![\p{L}\p{N}])/gu;
const DATE = /^(?:\d{4}[-. ]\d{1,2}[-. ]\d{1,2}|\d{1,2}[-. ]\d{1,2}[-. ]\d{2,4})$/;
/** "1 250 000", "1.250.000": an amount written with grouped thousands. */
const THOUSANDS = /^\d{1,3}(?:[ .]\d{3})+$/;
/** "9 - 17", "2026 - 2027": ranges of hours or years, not one number. */
const RANGE = /^\d{1,4} ?- ?\d{1,4}$/;

function isPhone(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  const trimmed = candidate.trim();
  if (!trimmed.startsWith('+') && !/[ .()-]/.test(trimmed)) return false;
  return !DATE.test(trimmed) && !THOUSANDS.test(trimmed) && !RANGE.test(trimmed);
}

const PAYMENT: readonly RegExp[] = [
  /\bpaypal\.me\/[\w.-]+/giu,
  /\bpaypal\.com\/(?:paypalme|send|pools)\b[\w./-]*/giu,
  /\bvenmo(?:\.com\/(?:u\/)?[\w-]{2,}|\b[\s:]*(?:me\s+)?(?:at\s+)?@[\w-]{2,})/giu,
  /\bcash\s?app(?:\.com)?\b[\s:]*(?:me\s+)?(?:at\s+)?\$[\p{L}][\w-]{1,}/giu,
  /\bcash\.app\/\$[\p{L}][\w-]{1,}/giu,
  /\bwise\.com\/(?:pay|me|send)\b[\w./-]*/giu,
  /\bwise\s+(?:account|transfer|tag|payment)s?\b/giu,
  /\b(?:pay|paid|send|transfer|payment)\b[^.!?\n]{0,30}?\b(?:via|through|using|with|on|by)\s+(?:wise|zelle|venmo|revolut|western union)\b/giu,
  /\bzelle\s+(?:me|to|at)\b/giu,
  // Bitcoin (bech32 and the older forms) and Ethereum addresses.
  /\bbc1[ac-hj-np-z02-9]{11,71}\b/gu,
  /(?<![\p{L}\p{N}])[13][a-km-zA-HJ-NP-Z1-9]{25,34}(?![\p{L}\p{N}])/gu,
  /\b0x[a-fA-F0-9]{40}\b/gu,
];

/** An IBAN's shape: two letters, two check digits, then 11 to 30 letters and digits. */
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;

/** The IBAN check: moving the first four to the end, the number leaves 1 after dividing by 97. */
export function isIban(candidate: string): boolean {
  const compact = candidate.replace(/ /g, '');
  if (compact.length < 15 || compact.length > 34) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** A legacy Bitcoin address must mix letters and digits (a long word is not one). */
function plausiblePayment(found: string): boolean {
  if (/^[13]/.test(found)) return /\d.*\d/.test(found.slice(1)) && /[a-z]/i.test(found);
  return true;
}

/** Every e-mail address, phone number and payment handle in `text`. */
export function detectContact(text: string): ContactHit[] {
  const hits: ContactHit[] = [];
  const emails = text.match(EMAIL) ?? [];
  for (const found of emails) hits.push({ kind: 'email', found });
  // Phone numbers outside the e-mail addresses (their digits are theirs).
  const rest = emails.reduce((t, e) => t.replace(e, ' '), text);
  for (const found of [...(rest.match(PHONE) ?? []), ...(rest.match(PLAIN_DIGITS) ?? [])]) {
    if (isPhone(found)) hits.push({ kind: 'phone', found: found.trim() });
  }
  for (const pattern of PAYMENT) {
    for (const found of rest.match(pattern) ?? []) {
      if (plausiblePayment(found)) hits.push({ kind: 'payment', found });
    }
  }
  for (const found of text.match(IBAN) ?? []) {
    if (isIban(found)) hits.push({ kind: 'payment', found });
  }
  return hits;
}
