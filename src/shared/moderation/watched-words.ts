import type { RuleId } from '../operators/rules.ts';

/**
 * What a watched word does to the text it is found in: `block` refuses it, `hold` saves it
 * and hides it pending review (a system report weighing the hide threshold), `flag` saves it
 * and files a light system report, `mask` replaces the word with `•••` before saving.
 */
export const WORD_ACTIONS = ['block', 'hold', 'flag', 'mask'] as const;
export type WordAction = (typeof WORD_ACTIONS)[number];

/** How the console names each action. */
export const WORD_ACTION_NAMES: Record<WordAction, string> = {
  block: 'Block (refuse the text)',
  hold: 'Hold for review',
  flag: 'Flag for review',
  mask: 'Mask (replace with •••)',
};

export interface WatchedWord {
  /** A word or a phrase; matched whole, ignoring case. */
  word: string;
  action: WordAction;
  /** The report's category for `flag` and `hold` (`other` when not given). */
  category?: RuleId;
}

export const MASK = '•••';

/** The strongest action first: a text with a blocked word is refused whatever else it has. */
const STRENGTH: Record<WordAction, number> = { block: 3, hold: 2, flag: 1, mask: 0 };

/** A watched word found in a text. */
export interface WordHit {
  entry: WatchedWord;
  /** The text as written (its case kept). */
  found: string;
}

export interface WordMatcher {
  /** Every watched word in `text`, once each, the strongest action first. */
  find(text: string): WordHit[];
  /** `text` with every `mask` word replaced by `•••` (unchanged when there is none). */
  mask(text: string): string;
}

// A word's edges: no letter, digit, mark or underscore on either side (any script).
const EDGE_BEFORE = '(?<![\\p{L}\\p{M}\\p{N}_])';
const EDGE_AFTER = '(?![\\p{L}\\p{M}\\p{N}_])';

/** One word's pattern: its letters escaped, any run of spaces in a phrase matching any spacing. */
function patternOf(word: string): string {
  const escaped = word
    .normalize('NFC')
    .trim()
    .split(/\s+/u)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
    .join('\\s+');
  return `${EDGE_BEFORE}${escaped}${EDGE_AFTER}`;
}

/**
 * Compiles a list once (the server keeps one per settings version): whole words and phrases,
 * ignoring case in any script, so "Scam" finds "scam" and "SCAM" but not "scampi".
 */
export function compileWatchedWords(list: readonly WatchedWord[]): WordMatcher {
  const entries = list
    .filter((entry) => entry.word.trim() !== '')
    .map((entry) => ({ entry, pattern: new RegExp(patternOf(entry.word), 'giu') }));
  const masked = entries.filter((e) => e.entry.action === 'mask');
  const maskAll = masked.length
    ? new RegExp(masked.map((e) => `(?:${e.pattern.source})`).join('|'), 'giu')
    : null;
  return {
    find(text) {
      const normal = text.normalize('NFC');
      const hits: WordHit[] = [];
      for (const { entry, pattern } of entries) {
        pattern.lastIndex = 0;
        const match = pattern.exec(normal);
        if (match) hits.push({ entry, found: match[0] });
      }
      return hits.sort((a, b) => STRENGTH[b.entry.action] - STRENGTH[a.entry.action]);
    },
    mask(text) {
      if (!maskAll) return text;
      const normal = text.normalize('NFC');
      maskAll.lastIndex = 0;
      return maskAll.test(normal) ? normal.replace(maskAll, MASK) : text;
    },
  };
}
