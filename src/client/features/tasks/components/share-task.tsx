import { Check, Link2, Share2 } from 'lucide-react';
import { useState } from 'react';

/** The task's own address, to send to people who might bid. */
const taskUrl = (taskId: string) => `${window.location.origin}/browse-tasks/${taskId}`;

/**
 * What the owner of a task without bids can do: share it. "Copy link" copies the task's
 * address (then reads "Copied"); where the device can share (phones), "Share" opens its sheet.
 */
export function ShareTask({ taskId, title }: { taskId: string; title: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(taskUrl(taskId));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url: taskUrl(taskId) });
    } catch {
      // Dismissed: nothing to say.
    }
  };
  return (
    <div className="mt-3 flex flex-col items-center gap-3">
      <p className="max-w-md text-sm text-base-content/75">
        Share your task with people who could do it: anyone with the link can see it and bid.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          {copied === 'yes' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Link2 className="size-4" aria-hidden="true" />
          )}
          Copy link
        </button>
        {canShare ? (
          <button type="button" className="btn btn-outline" onClick={() => void share()}>
            <Share2 className="size-4" aria-hidden="true" />
            Share
          </button>
        ) : null}
      </div>
      <p role="status" className="min-h-5 text-sm">
        {copied === 'yes'
          ? 'Copied'
          : copied === 'failed'
            ? `Copying was blocked: the link is ${taskUrl(taskId)}`
            : ''}
      </p>
    </div>
  );
}
