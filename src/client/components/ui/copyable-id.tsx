import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

interface CopyableIdProps {
  /** The id, shown on one line (cut short with an ellipsis where narrow) and copied whole. */
  id: string;
  /** What the id is, for the copy button's name: "Bid ID". */
  label: string;
}

/**
 * A long id on one line: cut short where the space is narrow (the whole id in its title),
 * with a button that copies it whole.
 */
export function CopyableId({ id, label }: CopyableIdProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure page or a refusal): the id stays selectable.
    }
  };
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span className="min-w-0 truncate font-mono text-xs" title={id}>
        {id}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-square shrink-0"
        aria-label={copied ? `${label} copied` : `Copy ${label}`}
        onClick={copy}
      >
        {copied ? (
          <Check className="size-3.5 text-success" aria-hidden="true" />
        ) : (
          <Copy className="size-3.5" aria-hidden="true" />
        )}
      </button>
    </span>
  );
}
