import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../tests/factories/users.ts';
import { loadConfig } from './config.ts';
import { defaultLogFormat, loggerOptions } from './logger.ts';

/** Collects every line the server logs. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('server logs never hold secrets', () => {
  const sink = logSink();
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logStream: sink.stream });
    user = await signUp(t.app);
    // Every new session now fails in the database, inside better-auth's sign-in.
    await t.app.database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_session() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'sessions are off'; END $$`),
    );
    await t.app.database.db.execute(
      sql.raw(`CREATE TRIGGER refuse_session BEFORE INSERT ON "session"
        FOR EACH ROW EXECUTE FUNCTION refuse_session()`),
    );
  });
  afterAll(() => t.close());

  it('logs a failed sign-in without the password, the session token or the query parameters', async () => {
    const before = sink.lines.length;
    const consoleError = vi.spyOn(console, 'error');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...jsonHeaders(user.cookie), 'x-request-id': 'trace-1234' },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const logged = sink.lines.slice(before);
    const errors = logged.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
    // The failure itself is logged, with the query that failed and the request's id.
    expect(errors.join('\n')).toMatch(/session/);
    expect(errors.join('\n')).toContain('trace-1234');
    const all = logged.join('\n');
    expect(all).not.toContain(user.password);
    expect(all).not.toContain(user.cookie.split('=')[1]!.split(';')[0]!);
    expect(all).not.toMatch(/params: (?!\[redacted\])/);
    expect(all).not.toContain(user.id);
    // Nothing bypasses the logger (better-call prints whole errors with console.error).
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

const TEST_ENV = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'taskbid-log-')) };

describe('log format', () => {
  it('is human-readable when stdout is a terminal, JSON otherwise', () => {
    expect(defaultLogFormat({ isTTY: true })).toBe('pretty');
    expect(defaultLogFormat({ isTTY: false })).toBe('json');
    expect(defaultLogFormat({})).toBe('json');
  });

  it('writes pretty lines with LOG_FORMAT=pretty and JSON lines with LOG_FORMAT=json', async () => {
    for (const format of ['pretty', 'json'] as const) {
      const env = { ...TEST_ENV, LOG_LEVEL: 'info', LOG_FORMAT: format };
      const sink = logSink();
      const app = Fastify({ logger: loggerOptions(loadConfig(env), sink.stream) });
      app.log.info({ answer: 42 }, 'hello from the test');
      await app.close();
      const line = sink.lines.find((l) => l.includes('hello from the test'));
      expect(line, format).toBeDefined();
      if (format === 'json') expect(JSON.parse(line!)).toMatchObject({ answer: 42 });
      else {
        expect(() => JSON.parse(line!)).toThrow();
        expect(line).toMatch(/INFO.*hello from the test/);
      }
    }
  });
});
