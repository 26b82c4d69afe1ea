import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liveFeed, type Feature } from '../../platform/feature.ts';
import { assignmentRoutes } from './assignment-routes.ts';
import { confirmOverdueCompletions } from './completion-job.ts';
import { taskEventRoutes } from './event-routes.ts';
import './events.ts';
import { taskPersonalData } from './personal-data.ts';
import { taskRoutes } from './routes.ts';
import { taskDemo } from './demo.ts';
import { taskPages, taskSitemap } from './pages.ts';

export { guardTask } from './lifecycle-guard.ts';
export { acceptedNotice, awardBid, awardPaidBid, reopenBid } from './award.ts';
export { taskFieldColumns } from './columns.ts';
export { browseFilters, taskOrder, taskWhere } from './query.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(taskRoutes);
  await app.register(assignmentRoutes);
  await app.register(taskEventRoutes);
};

/** Tasks: posting, browsing, editing, the lifecycle after a bid is accepted, the task stream. */
export const tasksFeature: Feature = {
  name: 'tasks',
  routes,
  live: [
    liveFeed({
      event: 'task.changed',
      stream: 'task',
      send: (e) => [{ key: e.taskId, event: 'task', data: {} }],
    }),
  ],
  jobs: [
    {
      name: 'completion: confirm what the worker left unanswered',
      everyMs: 60_000,
      run: ({ db, events }) => confirmOverdueCompletions(db, events),
    },
  ],
  personalData: taskPersonalData,
  notificationKinds: [
    'assignment.cancelled',
    'completion.requested',
    'completion.disputed',
    'task.completed',
  ],
  demo: taskDemo,
  pages: taskPages,
  sitemap: taskSitemap,
};
