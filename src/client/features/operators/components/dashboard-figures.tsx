import type { ReactNode } from 'react';
import { STALE_CASE_HOURS } from '../../../../shared/operators/rules.ts';
import type { DashboardFigures as Figures } from '../api/operators-api.ts';
import { formatHours } from './hours.ts';

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4">
      <dt className="text-sm text-base-content/75">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-base-content/70">{note}</dd> : null}
    </div>
  );
}

const NONE = '—';

/** The dashboard's figures in three groups: the queue, decisions, new accounts. */
export function DashboardFigures({ figures }: { figures: Figures }) {
  const share = figures.upheldShare === null ? NONE : `${Math.round(figures.upheldShare * 100)}%`;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="figures-queue">
        <h2 id="figures-queue" className="mb-3 text-lg font-semibold">
          Review queue
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label="Open items" value={figures.openItems} />
          <Figure
            label="Oldest open item"
            value={figures.oldestOpenHours === null ? NONE : formatHours(figures.oldestOpenHours)}
          />
          <Figure label={`Older than ${STALE_CASE_HOURS} hours`} value={figures.staleItems} />
        </dl>
      </section>
      <section aria-labelledby="figures-decisions">
        <h2 id="figures-decisions" className="mb-3 text-lg font-semibold">
          Decisions
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure
            label="Actions in 24 hours"
            value={figures.actionsLast24Hours}
            note="Rows of the audit log"
          />
          <Figure label="Upheld" value={share} note="Share of decided items, 30 days" />
          <Figure
            label="Median time to a decision"
            value={
              figures.medianHoursToDecision === null
                ? NONE
                : formatHours(figures.medianHoursToDecision)
            }
            note="30 days"
          />
        </dl>
      </section>
      <section aria-labelledby="figures-accounts">
        <h2 id="figures-accounts" className="mb-3 text-lg font-semibold">
          New accounts
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label="New accounts in 7 days" value={figures.newAccountsLast7Days} />
          <Figure label="Suspended among them" value={figures.newAccountsSuspended} />
          <Figure
            label="Limited among them"
            value={figures.newAccountsLimited}
            note="Read-only until a date"
          />
        </dl>
      </section>
    </div>
  );
}
