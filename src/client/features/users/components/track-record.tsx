import type { PublicProfile } from '../../../../shared/profiles/schema.ts';
import { RatingBadge } from '../../../components/ui/rating-badge.tsx';

function Figures({ items }: { items: [string, string | number][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(7rem,1fr))]">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-box bg-base-200 p-3">
          <dt className="text-xs text-base-content/70">{label}</dt>
          <dd className="text-xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a person has done on each side of the marketplace, with their rating on each. */
export function TrackRecord({ profile }: { profile: PublicProfile }) {
  const { client, freelancer } = profile;
  const rate =
    freelancer.completionRate === null ? '—' : `${Math.round(freelancer.completionRate * 100)}%`;
  const sides = [
    {
      title: 'As a client',
      rating: client.rating,
      items: [
        ['Tasks posted', client.tasksPosted],
        ['Hired', client.hired],
        ['Completed', client.completed],
      ] as [string, number][],
    },
    {
      title: 'As a freelancer',
      rating: freelancer.rating,
      items: [
        ['Bids placed', freelancer.bidsPlaced],
        ['Jobs won', freelancer.jobsWon],
        ['Jobs completed', freelancer.jobsCompleted],
        ['Completion rate', rate],
      ] as [string, string | number][],
    },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {sides.map((side) => (
        <section
          key={side.title}
          aria-label={side.title}
          className="rounded-box border border-base-300 bg-base-100 p-5"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">{side.title}</h2>
            <RatingBadge rating={side.rating} />
          </div>
          <Figures items={side.items} />
        </section>
      ))}
    </div>
  );
}
