import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseAdminArgs } from './admin-cli.ts';

describe('npm run admin', () => {
  it.each([
    [['grant', 'ann@example.com'], { email: 'ann@example.com', role: 'admin' }],
    [['grant', 'ann@example.com', 'moderator'], { email: 'ann@example.com', role: 'moderator' }],
    [['grant', 'ann@example.com', 'support'], { email: 'ann@example.com', role: 'support' }],
    [['revoke', 'ann@example.com'], { email: 'ann@example.com', role: 'user' }],
  ])('reads %j', (args, expected) => {
    expect(parseAdminArgs(args)).toEqual(expected);
  });

  it.each([
    [[], 'Name one account'],
    [['grant'], 'Name one account'],
    [['grant', 'a@example.com', 'user'], 'not an operator role'],
    [['grant', 'a@example.com', 'root'], 'not an operator role'],
    [['revoke', 'a@example.com', 'admin'], 'Name one account'],
    [['promote', 'a@example.com'], 'Unknown command "promote"'],
  ])('refuses %j', (args, message) => {
    expect(() => parseAdminArgs(args)).toThrow(message);
  });

  it('says so, and exits 1, when no account has the address', async () => {
    const run = promisify(execFile)(
      process.execPath,
      ['tools/admin/admin-cli.ts', 'grant', 'nobody@example.com'],
      { env: { PATH: process.env.PATH, DATABASE_URL: 'memory://' } },
    );
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account has the address nobody@example.com.'),
    });
  });
});
