import type { FastifyBaseLogger } from 'fastify';
import { matchFigure } from '../../../shared/alerts/rules.ts';
import type { PushConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { pushToPeople, type PushReport } from '../push/index.ts';
import { ALERT_MATCH_CAP, type AlertMatch } from './job.ts';

/**
 * The push message of an alert: how many new tasks, and the browse link. Nothing personal
 * (not the search's name): it crosses the person's push service, encrypted but still out
 * of our hands, and shows on a lock screen.
 */
export function pushAlertMessage(match: AlertMatch) {
  const figure = matchFigure(match.total, ALERT_MATCH_CAP);
  const one = figure === '1';
  return {
    title: `${figure} new ${one ? 'task matches' : 'tasks match'} your saved search`,
    body: one ? 'Open TaskBid to see it.' : 'Open TaskBid to see them.',
    link: match.link,
  };
}

/**
 * The push channel of a run of instant alerts: after the run has committed, each alert of a
 * search with the push channel goes to every browser its person turned alerts on in.
 */
export async function pushAlerts(
  db: Db,
  push: PushConfig | null,
  log: FastifyBaseLogger,
  matches: readonly AlertMatch[],
): Promise<PushReport | null> {
  if (!push) return null;
  const messages = matches
    .filter((m) => m.total > 0 && m.channels.includes('push'))
    .map((m) => ({ userId: m.userId, message: pushAlertMessage(m) }));
  if (messages.length === 0) return null;
  return pushToPeople(db, push, log, messages);
}
