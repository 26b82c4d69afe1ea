import type { ReactNode } from 'react';

/** An address in text: http(s) up to the next space. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence, not the address before it. */
const TRAILING = /[.,;:!?'")\]}]+$/;

export type TextPart = { text: string } | { href: string; text: string };

/**
 * People's text cut into plain runs and addresses: an `http:` or `https:` address that the
 * URL parser accepts becomes a link part (without the sentence's punctuation after it);
 * nothing else is ever a link.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    let href: string | null = null;
    try {
      const url = new URL(address);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = null;
    }
    if (href === null) continue;
    if (start > from) parts.push({ text: text.slice(from, start) });
    parts.push({ href, text: address });
    from = start + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

interface PlainTextProps {
  text: string;
  className?: string;
}

/**
 * Someone's text as plain text (never HTML), its line breaks kept, its web addresses as
 * links that open in a new tab and pass nothing to the other site.
 */
export function PlainText({ text, className = '' }: PlainTextProps) {
  const children: ReactNode[] = textParts(text).map((part, index) =>
    'href' in part ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="nofollow noopener noreferrer"
        className="link"
      >
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
  // Its direction is its own: Arabic or Hebrew reads right to left.
  return (
    <p dir="auto" className={`whitespace-pre-wrap ${className}`}>
      {children}
    </p>
  );
}
