import type { FastifyInstance } from 'fastify';
import type { Job } from './feature.ts';

/**
 * Runs the features' periodic jobs in this instance, each every `everyMs` from when the app
 * is ready until it closes. Every instance runs every job: a job claims the rows it works on
 * (one UPDATE … RETURNING), so two instances never do the same row twice. A failed run is
 * logged and the next one comes at its time.
 */
export function runJobs(app: FastifyInstance, jobs: readonly Job[]) {
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      const log = app.log.child({ job: job.name });
      const context = { db: app.database.db, config: app.config, events: app.events, log };
      const timer = setInterval(() => {
        job.run(context).catch((err: unknown) => log.error({ err }, 'job failed'));
      }, job.everyMs);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
