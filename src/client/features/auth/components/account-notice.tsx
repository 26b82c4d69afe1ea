import { CircleCheck, Link2Off } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AccountNoticeProps {
  /** `done`: the link did its work; `problem`: it expired, was used or is not valid. */
  tone: 'done' | 'problem';
  title: string;
  text: ReactNode;
  /** The tab's title. */
  documentTitle: string;
  /** What the person can do next: ask for a new link, sign in, carry on … */
  children: ReactNode;
}

const TONES = {
  done: { Icon: CircleCheck, badge: 'bg-success/15 text-success' },
  problem: { Icon: Link2Off, badge: 'bg-warning/20 text-base-content' },
} as const;

/** The page a link from an account mail leads to: what happened, and what to do next. */
export function AccountNotice({ tone, title, text, documentTitle, children }: AccountNoticeProps) {
  const { Icon, badge } = TONES[tone];
  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <title>{documentTitle}</title>
      <div className="w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm sm:p-8">
        <span className={`mx-auto flex size-12 items-center justify-center rounded-full ${badge}`}>
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-2 text-base-content/75">{text}</div>
        <div className="mt-6 flex flex-col gap-3">{children}</div>
        <p className="mt-6 text-sm">
          <Link to="/" className="link link-primary font-medium">
            Back to the home page
          </Link>
        </p>
      </div>
    </div>
  );
}
