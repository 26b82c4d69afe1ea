import { ArrowLeft, Eye, Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useActionData, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { may } from '../../shared/lifecycle.ts';
import type { Bid } from '../../shared/bids.ts';
import { AppDialog } from '../components/ui/app-dialog.tsx';
import { intentAction, isFailure } from '../lib/action-result.ts';
import { toCanonicalId } from '../lib/canonical-id.ts';
import { errorMessage } from '../lib/api-client.ts';
import { useSubmitting } from '../lib/pending.ts';
import { fetchBids, placeBid } from '../features/bids/api/bids-api.ts';
import { fetchTask } from '../features/tasks/api/tasks-api.ts';
import { fetchTaskReviews, saveReview } from '../features/reviews/api/reviews-api.ts';
import { TaskReviews } from '../features/reviews/components/task-reviews.tsx';
import {
  fetchQuestions,
  questionIntents,
  type LoadedQuestions,
} from '../features/questions/api/questions-api.ts';
import { QuestionsSection } from '../features/questions/components/questions-section.tsx';
import { BidForm } from '../features/bids/components/bid-form.tsx';
import { BidHistory } from '../features/bids/components/bid-history.tsx';
import { TaskBudget } from '../features/tasks/components/task-budget.tsx';
import { TaskDetailSummary } from '../features/tasks/components/task-detail-summary.tsx';
import { useActionDialog } from '../lib/use-action-dialog.ts';
import { pageCount, pageFrom } from '../lib/paging.ts';
import { useTaskEvents } from '../features/tasks/hooks/use-task-events.ts';
import { StartThreadButton } from '../features/threads/components/start-thread-button.tsx';
import { useAuth } from '../lib/auth/use-auth.ts';

/** Bids per "Show more": the history grows by a page at a time. */
const BID_PAGE_SIZE = 50;

/**
 * The first `?bids=` pages of the task's bids (oldest first), fetched page by page through
 * the paging contract, so the history never stops short of the true total.
 */
async function loadBids(id: string, pages: number, signal: AbortSignal) {
  try {
    const first = await fetchBids(id, { page: 1, limit: BID_PAGE_SIZE }, signal);
    const last = Math.min(pages, pageCount(first.total, BID_PAGE_SIZE));
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, last - 1) }, (_, i) =>
        fetchBids(id, { page: i + 2, limit: BID_PAGE_SIZE }, signal),
      ),
    );
    const list = [first, ...rest].flatMap((page) => page.items);
    return { list, total: first.total, pages: last, error: null };
  } catch (error) {
    const message = errorMessage(error, 'The bids could not be loaded.');
    return { list: [] as Bid[], total: 0, pages: 1, error: message };
  }
}

/** The first `?questions=` pages of the task's questions; a failure is shown in the section. */
async function loadQuestions(id: string, pages: number, signal: AbortSignal) {
  try {
    return { ...(await fetchQuestions(id, pages, signal)), pages, error: null };
  } catch (error) {
    const message = errorMessage(error, 'The questions could not be loaded.');
    const none: LoadedQuestions = { items: [], total: 0, canAsk: false, more: false };
    return { ...none, pages, error: message };
  }
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const [task, bids, questions] = await Promise.all([
    fetchTask(id, request.signal),
    loadBids(id, pageFrom(request.url, 'bids'), request.signal),
    loadQuestions(id, pageFrom(request.url, 'questions'), request.signal),
  ]);
  toCanonicalId(request, id, task);
  // Reviews exist for completed work, and only its two people read them here.
  const reviews =
    task.status === 'Completed' ? await fetchTaskReviews(task._id, request.signal) : null;
  return { task, bids, questions, reviews, isOwner: task.userEmail !== undefined };
}

/** The questions section's forms, a review, and the bid form (`intent=bid`). */
export const action = intentAction({
  ...questionIntents,
  review: async ({ form, text, args }) => {
    const reviewId = form.get('reviewId');
    await saveReview(args.params.id ?? '', typeof reviewId === 'string' ? reviewId : null, {
      rating: Number(text('rating')),
      comment: text('comment'),
    });
    return { outcome: 'reviewed' as const };
  },
  bid: async ({ text, args }) => {
    await placeBid({
      taskId: args.params.id ?? '',
      amount: Number(text('amount')),
      deadline: text('deadline'),
      message: text('message').trim() || null,
    });
    return { outcome: 'placed' as const };
  },
});

export { shouldRevalidate } from '../lib/action-result.ts';

/** /browse-tasks/:id (protected): the task, its bids and the bid form. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const submitting = useSubmitting();
  const actionData = useActionData<typeof action>();
  const dialog = useActionDialog(actionData);
  const formRef = useRef<HTMLFormElement>(null);
  useTaskEvents(data.task._id);

  useEffect(() => {
    if (actionData && !isFailure(actionData)) formRef.current?.reset();
  }, [actionData]);

  const { task, bids, questions, isOwner } = data;
  const me = useAuth().user?.id;
  const myBid = !isOwner && bids.list.some((bid) => bid.userId === me);
  const bidCount = Math.max(task.bidCount, bids.total, bids.list.length);
  const result = dialog.current;

  return (
    <div className="page-container py-8 sm:py-10">
      <title>{`${task.title} · TaskBid`}</title>
      <Link to="/browse-tasks" className="btn btn-ghost btn-sm mb-4">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Tasks
      </Link>
      {/* Phones: task, then budget and bid form, then the history; lg: a side column. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
          <TaskDetailSummary task={task} />
          {data.reviews ? (
            <TaskReviews
              data={data.reviews}
              otherName={isOwner ? (task.assignedTo ?? 'the freelancer') : task.userName}
            />
          ) : null}
        </div>
        <aside className="flex flex-col gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <section
            aria-label="Budget and bids"
            className="rounded-box border border-base-300 bg-base-100 p-5"
          >
            <dl className="grid gap-4">
              <div>
                <dt className="text-sm text-base-content/70">Budget</dt>
                <dd>
                  <TaskBudget budget={task.budget} bidCount={bidCount} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-base-content/70">Bids Placed</dt>
                <dd className="text-xl font-semibold">{bidCount}</dd>
              </div>
            </dl>
          </section>
          <div className="rounded-box border border-base-300 bg-base-100 p-5">
            {isOwner ? (
              <div className="flex flex-col gap-3">
                <h2 className="text-lg font-semibold">This is your task</h2>
                <p className="text-base-content/75">
                  You cannot bid on your own task. See who has bid and what they offer.
                </p>
                <Link to={`/view-bids/${task._id}`} className="btn btn-primary">
                  <Eye className="size-4" aria-hidden="true" />
                  View Bids
                </Link>
              </div>
            ) : may('bid', 'other', task) ? (
              <BidForm
                submitting={submitting}
                issues={isFailure(actionData) ? actionData.error.issues : undefined}
                formRef={formRef}
              />
            ) : (
              <div className="flex flex-col gap-2">
                <h2 className="flex items-center gap-2 text-lg font-semibold">
                  <Lock className="size-5" aria-hidden="true" />
                  Bidding is closed
                </h2>
                <p className="text-base-content/75">Bidding is closed for this task.</p>
              </div>
            )}
            {myBid ? (
              <StartThreadButton taskId={task._id} label="Message the poster" className="mt-4" />
            ) : null}
          </div>
        </aside>
        <div className="min-w-0 lg:col-start-1">
          <BidHistory
            bids={bids.list}
            error={bids.error}
            count={bidCount}
            moreHref={
              bids.pages < pageCount(bids.total, BID_PAGE_SIZE)
                ? `?bids=${bids.pages + 1}`
                : undefined
            }
          />
        </div>
        <div className="min-w-0 lg:col-start-1">
          <QuestionsSection
            data={questions}
            error={questions.error}
            ownerName={task.userName}
            moreHref={questions.more ? `?questions=${questions.pages + 1}` : undefined}
          />
        </div>
      </div>
      <AppDialog
        open={result !== undefined}
        onClose={dialog.close}
        tone={isFailure(result) ? 'error' : 'success'}
        title={isFailure(result) ? 'Error!' : 'Success!'}
      >
        <p>{isFailure(result) ? result.error.message : 'Bid submitted successfully!'}</p>
      </AppDialog>
    </div>
  );
}
