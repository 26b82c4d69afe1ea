import { alertTitle } from '../../../../shared/alerts/rules.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { Block, MailContent } from './layout.ts';

/** One saved search in a task alert mail: the new tasks it matched (the first few listed). */
export interface AlertMailSearch {
  id: string;
  name: string;
  /** Browse Tasks with the search (`browsePath`). */
  path: string;
  /** How many new tasks matched in all. */
  total: number;
  tasks: { id: string; title: string; budget: number | null }[];
}

/** Links of a task alert mail: to the site, and to stop e-mail for one search or all of them. */
export interface AlertMailContext {
  baseUrl: string;
  /** A page that turns e-mail off for every search of the mail, without signing in. */
  unsubscribeUrl: string;
  /** The same for one search. */
  unsubscribeUrlFor: (searchId: string) => string;
}

const newTasks = (n: number) => `${n} new ${n === 1 ? 'task' : 'tasks'}`;

function section(s: AlertMailSearch, ctx: AlertMailContext): Block[] {
  const listed = s.tasks.length < s.total ? ` (the first ${s.tasks.length} here)` : '';
  return [
    { type: 'paragraph', text: `“${s.name}”: ${newTasks(s.total)}${listed}` },
    {
      type: 'items',
      items: s.tasks.map((task) => ({
        title: task.title,
        detail: task.budget === null ? 'No budget' : formatDollars(task.budget),
        url: `${ctx.baseUrl}/browse-tasks/${task.id}`,
      })),
    },
    {
      type: 'links',
      links: [
        { label: 'See all', url: ctx.baseUrl + s.path },
        { label: 'Stop e-mails for this search', url: ctx.unsubscribeUrlFor(s.id) },
      ],
    },
  ];
}

/** Mails of task alerts: new tasks that match a person's saved searches. */
export const alertMails = {
  /**
   * One instant alert (one search), or a person's daily or weekly digest (each of their
   * searches with new tasks, in one mail).
   */
  'task-alerts': (
    d: { frequency: 'instant' | 'daily' | 'weekly'; searches: AlertMailSearch[] },
    ctx: AlertMailContext,
  ): MailContent => {
    const total = d.searches.reduce((n, s) => n + s.total, 0);
    const [only] = d.searches;
    const subject =
      d.frequency === 'instant' && only
        ? alertTitle(only.total, false, only.name)
        : `Your ${d.frequency} task alert: ${newTasks(total)}`;
    return {
      subject,
      preview: d.searches.map((s) => `“${s.name}”: ${newTasks(s.total)}`).join(' · '),
      blocks: [
        { type: 'heading', text: subject },
        {
          type: 'paragraph',
          text:
            d.frequency === 'instant'
              ? 'New tasks were posted that match your saved search.'
              : `New tasks were posted since your last ${d.frequency} alert that match your saved searches.`,
        },
        ...d.searches.flatMap((s) => section(s, ctx)),
      ],
      footer: {
        reason:
          'You get this e-mail because you turned on e-mail alerts for saved searches on TaskBid.',
        unsubscribeUrl: ctx.unsubscribeUrl,
        settingsUrl: `${ctx.baseUrl}/profile/alerts`,
        settingsLabel: 'Task alert settings',
      },
    };
  },
} as const;
