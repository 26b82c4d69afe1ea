import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLsn, lsnValue } from '../db/replica.ts';

/** Holds the WAL position of the caller's last write while a read replica is in use. */
export const WRITE_POSITION_COOKIE = 'taskbid_wrote';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The newest write position among the request's cookies (a stale duplicate loses). */
function writePosition(request: FastifyRequest): string | null {
  const pattern = new RegExp(`(?:^|;\\s*)${WRITE_POSITION_COOKIE}=([^;]+)`, 'g');
  let newest: string | null = null;
  for (const [, raw = ''] of (request.headers.cookie ?? '').matchAll(pattern)) {
    const value = raw.replace(/%2F/gi, '/');
    if (isLsn(value) && (!newest || lsnValue(value) > lsnValue(newest))) newest = value;
  }
  return newest;
}

/**
 * Read-your-writes with a read replica. After a successful write the answer carries the
 * primary's WAL position in a cookie; `request.readDb()` then uses the replica only once it
 * has replayed past that position (else the primary), so a person always sees their own
 * change, while everyone else's lag-tolerant reads stay on the replica.
 */
export function registerReadYourWrites(app: FastifyInstance) {
  app.decorateRequest('readDb', function (this: FastifyRequest) {
    return app.database.read(writePosition(this));
  });
  app.decorateRequest('wroteRecently', function (this: FastifyRequest) {
    return app.database.replica !== null && writePosition(this) !== null;
  });
  if (!app.database.replica) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (!MUTATING.has(request.method) || reply.statusCode >= 400) return payload;
    const position = await app.database.writePosition().catch(() => null);
    if (!position) return payload;
    const secure = app.config.baseUrl.startsWith('https:') ? '; Secure' : '';
    const cookie = `${WRITE_POSITION_COOKIE}=${encodeURIComponent(position)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure}`;
    const existing = reply.getHeader('set-cookie');
    const cookies =
      existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    reply.header('set-cookie', [...cookies, cookie]);
    return payload;
  });
}
