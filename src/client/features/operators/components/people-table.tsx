import { Link } from 'react-router';
import { ROLE_NAMES } from '../../../../shared/operators/rules.ts';
import type { OperatorPerson } from '../../../../shared/operators/schema.ts';
import { formatDate } from '../../../lib/format.ts';
import { PersonStatusBadge } from './person-status.tsx';

/** The people found, newest first: each name opens their page in the console. */
export function PeopleTable({ people }: { people: OperatorPerson[] }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table">
        <thead>
          <tr className="text-base-content/75">
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Joined</th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.id}>
              <td>
                <Link to={`/admin/people/${person.id}`} className="link font-medium" dir="auto">
                  {person.name || 'Unnamed'}
                </Link>
              </td>
              <td className="break-all">
                {person.email}
                {person.emailVerified ? null : (
                  <span className="ml-1 text-xs text-base-content/70">(not verified)</span>
                )}
              </td>
              <td>{ROLE_NAMES[person.role]}</td>
              <td>
                <PersonStatusBadge person={person} />
              </td>
              <td className="whitespace-nowrap">{formatDate(person.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
