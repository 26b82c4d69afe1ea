import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Pagination } from '../../components/ui/pagination.tsx';
import { intentAction } from '../../lib/action-result.ts';
import { pageCount, pageFrom } from '../../lib/paging.ts';
import {
  BLOCKS_PAGE_SIZE,
  blockIntents,
  fetchBlocks,
} from '../../features/blocks/api/blocks-api.ts';
import { BlockedPeopleList } from '../../features/blocks/components/blocked-people-list.tsx';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description:
    'People you blocked can’t message you, bid on your tasks or ask questions on them, and you don’t see what they write.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageFrom(request.url);
  return { blocks: await fetchBlocks(page, request.signal), page };
}

export const action = intentAction({ unblock: blockIntents.unblock });

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/blocked-people: the people I blocked, and unblocking them. */
export function Component() {
  const { blocks, page } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4">
      <BlockedPeopleList blocks={blocks.items} />
      <Pagination
        page={page}
        pageCount={pageCount(blocks.total, BLOCKS_PAGE_SIZE)}
        hrefFor={(p) => (p === 1 ? '?' : `?page=${p}`)}
        label="Blocked people pages"
      />
    </div>
  );
}
