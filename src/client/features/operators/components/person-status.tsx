import type { OperatorPerson } from '../../../../shared/operators/schema.ts';
import { formatDate } from '../../../lib/format.ts';

type Standing = Pick<OperatorPerson, 'banned' | 'banExpires' | 'limitedUntil'>;

/** Whether a person can sign in and write: active, limited or suspended until a day, banned. */
export function personStatus(person: Standing): string {
  if (person.banned) {
    return person.banExpires ? `Suspended until ${formatDate(person.banExpires)}` : 'Banned';
  }
  return person.limitedUntil ? `Read-only until ${formatDate(person.limitedUntil)}` : 'Active';
}

/** The status as a badge. */
export function PersonStatusBadge({ person }: { person: OperatorPerson }) {
  const tone = person.banned
    ? 'badge-error'
    : person.limitedUntil
      ? 'badge-warning'
      : 'badge-success';
  return (
    <span className={`badge badge-soft ${tone} whitespace-nowrap`}>{personStatus(person)}</span>
  );
}
