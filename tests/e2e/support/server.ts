/**
 * The app the browser tests run against: the real server (src/server/main.ts) sending its
 * mail to a real SMTP server in this process, plus two routes only tests have. The account
 * fixtures (support/test.ts) call one to delete each account they made, and through the
 * database's cascades everything the account owns; the other lists the mails an address
 * received (support/mailbox.ts), so a test can follow a link from its mail. A third imports a
 * first-version export into the server's in-memory database (as `npm run import` would). A
 * fourth gives an account an operator role, as `npm run admin -- grant` would. A fifth runs
 * the task alert job once (and sends its push messages). A sixth runs the deals' timers and
 * payouts once (their job runs every minute); a seventh leaves a deal's refund failed in the
 * payment outbox, for the console's screen of failed calls; an eighth applies a refund made at
 * the processor, leaving a deal short for the console to settle.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { deals, paymentOutbox, user } from '../../../src/server/platform/db/schema.ts';
import { runImport } from '../../../tools/import/run.ts';
import { createOperatorRepository } from '../../../src/server/features/operators/index.ts';
import { pushAlerts, sendInstantAlerts } from '../../../src/server/features/alerts/index.ts';
import { providerOf, runDealTimers } from '../../../src/server/features/deals/index.ts';
import { applyProviderEvent } from '../../../src/server/features/deals/provider-events.ts';
import type { Role } from '../../../src/shared/operators/rules.ts';
import { main } from '../../../src/server/main.ts';
import { jobNow } from '../../factories/clock.ts';
import { startSmtpServer } from '../../setup/smtp-server.ts';
import {
  TEST_ACCOUNTS_PATH,
  TEST_ALERTS_PATH,
  TEST_DEAL_TIMERS_PATH,
  TEST_FAILED_CALL_PATH,
  TEST_IMPORT_PATH,
  TEST_MAIL_PATH,
  TEST_REFUND_AT_PROVIDER_PATH,
  TEST_ROLES_PATH,
} from './stack.ts';

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;

await main((app) => {
  app.delete<{ Params: { email: string } }>(
    `${TEST_ACCOUNTS_PATH}/:email`,
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const deleted = await app.database.db
        .delete(user)
        .where(eq(user.email, request.params.email.toLowerCase()))
        .returning({ id: user.id });
      return reply.status(deleted.length > 0 ? 204 : 404).send();
    },
  );
  app.post<{ Body: { tasks: string; bids: string } }>(
    TEST_IMPORT_PATH,
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request) => {
      const dir = mkdtempSync(join(tmpdir(), 'taskbid-e2e-import-'));
      writeFileSync(join(dir, 'tasks.json'), request.body.tasks);
      writeFileSync(join(dir, 'bids.json'), request.body.bids);
      const result = await runImport(app.database.db, {
        tasksFile: join(dir, 'tasks.json'),
        bidsFile: join(dir, 'bids.json'),
        dryRun: false,
        rejectsFile: join(dir, 'rejects.jsonl'),
        ignoreUnknownFields: false,
      });
      return { summary: result.summary, rejected: result.plan.rejects.length };
    },
  );
  app.put<{ Params: { email: string }; Body: { role: Role } }>(
    `${TEST_ROLES_PATH}/:email`,
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request) => {
      const operators = createOperatorRepository(app.database.db, app.sessions);
      return operators.setRoleFromConsole(request.params.email, request.body.role);
    },
  );
  app.post(TEST_ALERTS_PATH, { config: { auth: 'public' }, schema: { hide: true } }, async () => {
    const matches = await sendInstantAlerts(app.database.db, app.events, jobNow(), 0);
    const pushed = await pushAlerts(app.database.db, app.config.push, app.log, matches);
    return { alerted: matches.filter((m) => m.taskIds.length > 0).length, pushed };
  });
  app.post(
    TEST_DEAL_TIMERS_PATH,
    { config: { auth: 'public' }, schema: { hide: true } },
    async () => ({ moved: await runDealTimers(app.database.db, app.config.payments) }),
  );
  app.post<{ Params: { dealId: string } }>(
    `${TEST_FAILED_CALL_PATH}/:dealId`,
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const db = app.database.db;
      const [deal] = await db.select().from(deals).where(eq(deals.id, request.params.dealId));
      if (!deal) return reply.status(404).send();
      const [call] = await db
        .insert(paymentOutbox)
        .values({
          kind: 'refund',
          dealId: deal.id,
          idempotencyKey: `deal:${deal.id}:e2e-refund`,
          input: {
            chargeId: 'ch_e2e',
            amount: { amount: deal.posterPays, currency: deal.currency },
          },
          status: 'failed',
          attempts: 1,
          lastError: 'Charge ch_e2e has already been refunded.',
        })
        .returning({ id: paymentOutbox.id });
      return { id: call!.id };
    },
  );
  app.post<{ Params: { dealId: string }; Body: { amount: number } }>(
    `${TEST_REFUND_AT_PROVIDER_PATH}/:dealId`,
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const db = app.database.db;
      const provider = providerOf(app.config.payments);
      const [deal] = await db.select().from(deals).where(eq(deals.id, request.params.dealId));
      if (!deal?.chargeId || !provider) return reply.status(404).send();
      const amount = { amount: request.body.amount, currency: deal.currency };
      const event = { id: `evt_e2e_refund_${deal.id}`, dealId: deal.id, chargeId: deal.chargeId };
      return db.transaction((tx) =>
        applyProviderEvent(
          tx,
          { provider, events: app.events },
          { ...event, type: 'charge.refunded', amount },
        ),
      );
    },
  );
  app.get<{ Params: { email: string } }>(
    `${TEST_MAIL_PATH}/:email`,
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request) =>
      smtp.to(request.params.email).map(({ subject, html, text, links }) => ({
        subject,
        html,
        text,
        links,
      })),
  );
});
