import { Ban } from 'lucide-react';
import type { ContactState } from '../../../../shared/blocks/rules.ts';
import { BLOCK_MESSAGES } from '../../../../shared/blocks/rules.ts';

/** What a task's page says instead of a form towards its poster, across a block. */
export function cannotContactPoster(state: ContactState): string | null {
  if (state === 'blocked') return BLOCK_MESSAGES.youBlockedPoster;
  if (state === 'unavailable') return BLOCK_MESSAGES.cannotContact;
  return null;
}

/** The sentence in place of a form that would reach someone across a block. */
export function CannotContact({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-2 rounded-box bg-base-200 p-4 text-sm">
      <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
