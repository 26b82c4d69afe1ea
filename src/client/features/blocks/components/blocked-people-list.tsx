import type { Block } from '../../../../shared/blocks/schema.ts';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { UnblockButton } from './unblock-button.tsx';

/** The people I blocked, each with when and **Unblock**; or that there is nobody. */
export function BlockedPeopleList({ blocks }: { blocks: Block[] }) {
  if (blocks.length === 0)
    return (
      <p className="text-base-content/75">
        You have not blocked anyone. To block someone, use Block on their profile or in a
        conversation with them.
      </p>
    );
  return (
    <ul
      aria-label="Blocked people"
      className="divide-y divide-base-300 rounded-box border border-base-300"
    >
      {blocks.map((block) => (
        <li
          key={block.userId}
          aria-label={block.name}
          className="flex flex-wrap items-center gap-3 p-4"
        >
          <UserAvatar name={block.name} photoURL={block.image} className="size-10" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">
              <ProfileLink id={block.userId}>{block.name}</ProfileLink>
            </p>
            <p className="text-sm text-base-content/70">Blocked on {formatDate(block.since)}</p>
          </div>
          <UnblockButton userId={block.userId} name={block.name} />
        </li>
      ))}
    </ul>
  );
}
