import type { ReactNode } from 'react';
import { ROLE_NAMES } from '../../../../shared/operators/rules.ts';
import type { OperatorPersonDetail } from '../../../../shared/operators/schema.ts';
import { formatDate } from '../../../lib/format.ts';
import { personStatus } from './person-status.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-base-content/75">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** Who the person is to the marketplace: role, address, standing, activity. */
export function PersonFacts({ person }: { person: OperatorPersonDetail }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Fact label="Role">{ROLE_NAMES[person.role]}</Fact>
      <Fact label="E-mail">
        <span className="break-all">{person.email}</span>{' '}
        <span className="text-sm font-normal text-base-content/75">
          ({person.emailVerified ? 'verified' : 'not verified'})
        </span>
      </Fact>
      <Fact label="Joined">{formatDate(person.createdAt)}</Fact>
      <Fact label="Status">{personStatus(person)}</Fact>
      {person.banned ? (
        <Fact label="Reason given">
          <span dir="auto">{person.banReason ?? 'None recorded'}</span>
        </Fact>
      ) : null}
      <Fact label="Tasks posted">{person.tasksPosted}</Fact>
      <Fact label="Bids placed">{person.bidsPlaced}</Fact>
    </dl>
  );
}
