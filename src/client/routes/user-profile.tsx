import { BadgeCheck, MapPin } from 'lucide-react';
import { useEffect } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { intentAction } from '../lib/action-result.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { replyToReview } from '../features/reviews/api/reviews-api.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { UserAvatar } from '../components/ui/user-avatar.tsx';
import { pageCount, pageFrom } from '../lib/paging.ts';
import { formatMonth } from '../lib/format.ts';
import {
  fetchProfile,
  fetchReceivedReviews,
  REVIEWS_PAGE_SIZE,
} from '../features/users/api/users-api.ts';
import { ReviewList } from '../features/reviews/components/review-list.tsx';
import { TrackRecord } from '../features/users/components/track-record.tsx';
import type { ContactState } from '../../shared/blocks/rules.ts';
import { currentSession } from '../lib/auth/session-store.ts';
import { blockIntents, fetchContact } from '../features/blocks/api/blocks-api.ts';
import { BlockButton } from '../features/blocks/components/block-button.tsx';
import { profilePage } from '../../shared/pages/profile.ts';

/** Whether a signed-in visitor blocked the person (null: signed out, or their own page). */
async function contactWith(id: string, signal: AbortSignal): Promise<ContactState | null> {
  const me = await currentSession();
  return me && me.id !== id ? fetchContact(id, signal) : null;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const page = pageFrom(request.url);
  const [profile, reviews, contact] = await Promise.all([
    fetchProfile(id, request.signal),
    fetchReceivedReviews(id, page, request.signal),
    contactWith(id, request.signal),
  ]);
  return { profile, reviews, page, contact };
}

/** The reviewee replies to a review of them (`intent=reply`); a visitor blocks or unblocks. */
export const action = intentAction({
  ...blockIntents,
  reply: async ({ text }) => {
    await replyToReview(text('reviewId'), text('reply'));
    return { replied: true as const };
  },
});

export { shouldRevalidate } from '../lib/action-result.ts';

/** /users/:id (open to everyone): a person's public profile, track record and reviews. */
export function Component() {
  const { profile, reviews, page, contact } = useLoaderData<typeof loader>();
  const { user } = useAuth();
  const pages = pageCount(reviews.total, REVIEWS_PAGE_SIZE);
  // The server writes the page as a signed-out visitor sees it: a member's Block button needs
  // the page's data read again, as them.
  const { revalidate } = useRevalidator();
  const unread = user !== null && user.id !== profile.id && contact === null;
  useEffect(() => {
    if (unread) void revalidate();
  }, [unread, revalidate]);
  return (
    <div className="page-container space-y-6 py-8 sm:py-10">
      <title>{profilePage(profile).title}</title>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <UserAvatar name={profile.name} photoURL={profile.image} className="size-20 text-3xl" />
        <div className="min-w-0 flex-1">
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold">
            <span dir="auto">{profile.name}</span>
            {profile.verified ? (
              <span className="badge badge-soft badge-success gap-1 text-sm font-medium">
                <BadgeCheck className="size-4" aria-hidden="true" />
                Verified e-mail
              </span>
            ) : null}
          </h1>
          {profile.headline ? (
            <p dir="auto" className="mt-1 text-lg text-base-content/80">
              {profile.headline}
            </p>
          ) : null}
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/70">
            {profile.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" />
                <span dir="auto">{profile.location}</span>
              </span>
            ) : null}
            <span>Member since {formatMonth(profile.memberSince)}</span>
          </p>
        </div>
        {contact ? (
          <BlockButton
            userId={profile.id}
            name={profile.name}
            blocked={contact === 'blocked'}
            className="self-start"
          />
        ) : null}
      </header>

      {profile.bio || profile.skills.length > 0 ? (
        <section
          aria-labelledby="about"
          className="rounded-box border border-base-300 bg-base-100 p-5"
        >
          <h2 id="about" className="mb-2 text-lg font-semibold">
            About
          </h2>
          {profile.bio ? (
            <p dir="auto" className="whitespace-pre-line">
              {profile.bio}
            </p>
          ) : null}
          {profile.skills.length > 0 ? (
            <ul aria-label="Skills" className="mt-3 flex flex-wrap gap-2">
              {profile.skills.map((skill) => (
                <li key={skill} dir="auto" className="badge badge-outline">
                  {skill}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      <TrackRecord profile={profile} />

      <section aria-labelledby="reviews" className="space-y-4">
        <h2 id="reviews" className="text-xl font-semibold">
          Reviews ({reviews.total})
        </h2>
        {reviews.items.length > 0 ? (
          <ReviewList reviews={reviews.items} canReply={user?.id === profile.id} />
        ) : (
          <p className="text-base-content/70">No reviews yet.</p>
        )}
        <Pagination
          page={page}
          pageCount={pages}
          hrefFor={(p) => (p === 1 ? '?' : `?page=${p}`)}
          label="Review pages"
        />
      </section>
    </div>
  );
}
