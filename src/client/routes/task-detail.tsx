import { ArrowLeft, Eye, Lock } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useActionData, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { may } from '../../shared/lifecycle.ts';
import type { Bid } from '../../shared/bids/schema.ts';
import { AppDialog } from '../components/ui/app-dialog.tsx';
import { intentAction, isFailure } from '../lib/action-result.ts';
import { toCanonicalId } from '../lib/canonical-id.ts';
import { errorMessage } from '../lib/api-client.ts';
import { useSubmitting } from '../lib/pending.ts';
import { fetchBids, placeBid, withdrawBid } from '../features/bids/api/bids-api.ts';
import {
  confirmCompletion,
  disputeCompletion,
  fetchTask,
} from '../features/tasks/api/tasks-api.ts';
import { CompletionConfirmPanel } from '../features/tasks/components/completion-confirm-panel.tsx';
import { fetchTaskReviews, saveReview } from '../features/reviews/api/reviews-api.ts';
import {
  fetchQuestions,
  questionIntents,
  type LoadedQuestions,
} from '../features/questions/api/questions-api.ts';
import { QuestionsSection } from '../features/questions/components/questions-section.tsx';
import { BidForm } from '../features/bids/components/bid-form.tsx';
import { BidHistory } from '../features/bids/components/bid-history.tsx';
import { WithdrawBidDialog } from '../features/bids/components/withdraw-bid-dialog.tsx';
import { YourOffer } from '../features/bids/components/your-offer.tsx';
import { TaskBudget } from '../features/tasks/components/task-budget.tsx';
import { TaskDetailSummary } from '../features/tasks/components/task-detail-summary.tsx';
import { fetchTaskPhotos } from '../features/photos/api/photos-api.ts';
import { TaskPhotos } from '../features/photos/components/task-photos.tsx';
import type { Photo } from '../../shared/photos/schema.ts';
import { TaskStanding } from '../features/tasks/components/task-standing.tsx';
import { useActionDialog } from '../lib/use-action-dialog.ts';
import { pageCount, pageFrom } from '../lib/paging.ts';
import { useTaskEvents } from '../features/tasks/hooks/use-task-events.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { paymentsConfig, type PaymentsConfig } from '../lib/payments-config.ts';
import { fetchContact } from '../features/blocks/api/blocks-api.ts';
import {
  CannotContact,
  cannotContactPoster,
} from '../features/blocks/components/cannot-contact.tsx';

/** Reviews exist on completed tasks only: their code loads with the first of them. */
const TaskReviews = lazy(() =>
  import('../features/reviews/components/task-reviews.tsx').then((m) => ({
    default: m.TaskReviews,
  })),
);

/** "Message the poster" is for someone with an offer on the task: its code loads with it. */
const StartThreadButton = lazy(() =>
  import('../features/threads/components/start-thread-button.tsx').then((m) => ({
    default: m.StartThreadButton,
  })),
);

/** The deal's panel (its two sides only) loads with its first deal: other visitors never need it. */
const DealPanel = lazy(() =>
  import('../features/deals/task-page.ts').then((m) => ({ default: m.DealPanel })),
);

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

/**
 * The task's secured payment, when payment protection is on: the server shows it to the
 * task's two sides only (anyone else: none).
 */
async function loadDeal(id: string, payments: PaymentsConfig, signal: AbortSignal) {
  if (payments.mode === 'off') return null;
  // Its code loads only where payments are on, so the task page's first JavaScript stays lean.
  const { fetchTaskDeal } = await import('../features/deals/api/deals-api.ts');
  return fetchTaskDeal(id, signal).catch(() => null);
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const [{ task, contact }, bids, questions, photos, payments] = await Promise.all([
    // Whether a block stands between the viewer and the poster (their own task: open).
    fetchTask(id, request.signal).then(async (task) => ({
      task,
      contact:
        task.userEmail !== undefined ? 'open' : await fetchContact(task.userId, request.signal),
    })),
    loadBids(id, pageFrom(request.url, 'bids'), request.signal),
    loadQuestions(id, pageFrom(request.url, 'questions'), request.signal),
    // Photos are extra: when they cannot be read the page shows the task without them.
    fetchTaskPhotos(id, request.signal).catch(() => [] as Photo[]),
    paymentsConfig(),
  ]);
  toCanonicalId(request, id, task);
  const deal = await loadDeal(task._id, payments, request.signal);
  // Reviews exist for completed work, and only its two people read them here.
  const reviews =
    task.status === 'Completed' ? await fetchTaskReviews(task._id, request.signal) : null;
  return {
    task,
    bids,
    questions,
    reviews,
    photos,
    deal,
    schedule: payments.feeSchedule,
    isOwner: task.userEmail !== undefined,
    refusal: cannotContactPoster(contact),
  };
}

/**
 * The viewer's own offer among the loaded bids: their live or withdrawn one, else their
 * latest (a declined or cancelled one of an earlier round).
 */
function ownOffer(list: Bid[], viewerId: string | undefined): Bid | null {
  const mine = list.filter((bid) => bid.userId === viewerId);
  const current = mine.filter((bid) => ['pending', 'accepted', 'withdrawn'].includes(bid.status));
  return current.at(-1) ?? mine.at(-1) ?? null;
}

/** What the bid form says when the viewer has an offer: a new bid changes it. */
function offerNote(offer: Bid | null): string | undefined {
  if (offer?.status === 'pending')
    return 'A new bid updates your offer; it keeps its place in the list.';
  if (offer?.status === 'withdrawn')
    return 'A new bid brings your withdrawn offer back, in its place in the list.';
  return undefined;
}

/** Puts an offer's values into the bid form, to change them, and moves focus there. */
function fillBidForm(form: HTMLFormElement | null, bid: Bid) {
  if (!form) return;
  const values: Record<string, string> = {
    amount: String(bid.amount),
    deadline: bid.deadline,
    message: bid.message ?? '',
  };
  for (const [name, value] of Object.entries(values)) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
      field.value = value;
  }
  const amount = form.elements.namedItem('amount');
  if (amount instanceof HTMLInputElement) amount.focus();
}

/**
 * The questions section's forms, a review, the bid form (`intent=bid`, which also changes the
 * bidder's offer), withdrawing it (`intent=withdraw`), and the worker's answer to the
 * owner's "completed".
 */
export const action = intentAction({
  ...questionIntents,
  'confirm-completion': ({ args }) => confirmCompletion(args.params.id ?? ''),
  'dispute-completion': ({ text, args }) =>
    disputeCompletion(args.params.id ?? '', text('reason').trim()),
  review: async ({ form, text, args }) => {
    const reviewId = form.get('reviewId');
    await saveReview(args.params.id ?? '', typeof reviewId === 'string' ? reviewId : null, {
      rating: Number(text('rating')),
      comment: text('comment'),
    });
    return { outcome: 'reviewed' as const };
  },
  bid: async ({ text, args }) => {
    const placed = await placeBid({
      taskId: args.params.id ?? '',
      amount: Number(text('amount')),
      deadline: text('deadline'),
      message: text('message').trim() || null,
    });
    return { outcome: 'placed' as const, warning: placed.warning };
  },
  withdraw: async ({ text }) => {
    await withdrawBid(text('bidId'));
    return { outcome: 'withdrawn' as const };
  },
  // A step of the task's secured payment (its dialog shows a refusal itself).
  deal: async ({ text }) => (await import('../features/deals/task-page.ts')).submitDealStep(text),
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

  const [withdrawing, setWithdrawing] = useState<Bid | null>(null);
  const { task, bids, questions, isOwner } = data;
  const me = useAuth().user?.id;
  const myOffer = isOwner ? null : ownOffer(bids.list, me);
  // "Your offer" appears (or changes) above the form once the bid's answer and the live
  // update land, which can be after the dialog has closed: a control of the form that holds
  // the focus stays in view.
  const offerShown = myOffer ? `${myOffer._id}:${myOffer.amount}` : null;
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && formRef.current?.contains(active)) {
      active.scrollIntoView({ block: 'nearest' });
    }
  }, [offerShown]);
  const biddingOpen = may('bid', 'other', task);
  // People's offers (one each, withdrawn ones not counted, as the server counts them) make
  // the discount; the history lists every offer, withdrawn ones too.
  const offers = bids.list.filter((bid) => bid.status !== 'withdrawn').length;
  const bidCount = Math.max(task.bidCount, offers);
  const historyCount = Math.max(bids.total, bids.list.length);
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
          {data.deal ? (
            <Suspense fallback={null}>
              <DealPanel
                deal={data.deal}
                side={data.deal.viewerSide ?? (data.deal.ownerId === me ? 'owner' : 'worker')}
              />
            </Suspense>
          ) : null}
          <CompletionConfirmPanel task={task} me={me} />
          <TaskDetailSummary task={task}>
            <TaskPhotos photos={data.photos} title={task.title} />
          </TaskDetailSummary>
          {data.reviews ? (
            <div id="task-reviews" className="scroll-mt-20">
              <Suspense fallback={null}>
                <TaskReviews
                  data={data.reviews}
                  otherName={isOwner ? (task.assignedTo ?? 'the freelancer') : task.userName}
                />
              </Suspense>
            </div>
          ) : null}
        </div>
        <aside className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
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
            {isOwner && biddingOpen ? (
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
            ) : isOwner || (me !== undefined && task.assigneeId === me) ? (
              <TaskStanding
                task={task}
                role={isOwner ? 'owner' : 'assignee'}
                canReview={Boolean(data.reviews?.canReview && !data.reviews.mine)}
              >
                {myOffer ? <YourOffer bid={myOffer} /> : null}
              </TaskStanding>
            ) : biddingOpen ? (
              <div className="flex flex-col gap-5">
                {myOffer ? (
                  <YourOffer
                    bid={myOffer}
                    onUpdate={
                      data.refusal ? undefined : () => fillBidForm(formRef.current, myOffer)
                    }
                    onWithdraw={() => setWithdrawing(myOffer)}
                  />
                ) : null}
                {data.refusal ? (
                  <CannotContact>{data.refusal}</CannotContact>
                ) : (
                  <BidForm
                    submitting={submitting}
                    issues={isFailure(actionData) ? actionData.error.issues : undefined}
                    formRef={formRef}
                    note={offerNote(myOffer)}
                    schedule={data.schedule}
                    warning={actionData && 'warning' in actionData ? actionData.warning : undefined}
                  />
                )}
              </div>
            ) : (
              <div className="flex flex-col gap-2">
                <h2 className="flex items-center gap-2 text-lg font-semibold">
                  <Lock className="size-5" aria-hidden="true" />
                  Bidding is closed
                </h2>
                <p className="text-base-content/75">Bidding is closed for this task.</p>
                {myOffer ? <YourOffer bid={myOffer} /> : null}
              </div>
            )}
            {myOffer && !data.refusal ? (
              <Suspense fallback={null}>
                <StartThreadButton taskId={task._id} label="Message the poster" className="mt-4" />
              </Suspense>
            ) : null}
          </div>
        </aside>
        <div className="min-w-0 lg:col-start-1">
          <BidHistory
            bids={bids.list}
            error={bids.error}
            count={historyCount}
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
            askRefusal={data.refusal ? <CannotContact>{data.refusal}</CannotContact> : null}
            moreHref={questions.more ? `?questions=${questions.pages + 1}` : undefined}
          />
        </div>
      </div>
      <WithdrawBidDialog bid={withdrawing} onClose={() => setWithdrawing(null)} />
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
