import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { buildTask } from '../../../../tests/factories/tasks.ts';

/** Addresses a task image may not have: credentials, this machine, private networks. */
const REFUSED = [
  'https://user:secret@images.example.com/a.png',
  'https://user@images.example.com/a.png',
  'https://127.0.0.1/a.png',
  'https://127.1.2.3/a.png',
  'https://0x7f.1/a.png',
  'https://2130706433/a.png',
  'https://localhost/a.png',
  'https://LOCALHOST./a.png',
  'https://api.localhost/a.png',
  'https://[::1]/a.png',
  'https://[::ffff:127.0.0.1]/a.png',
  'https://[::ffff:10.0.0.1]/a.png',
  'https://[fd00::1]/a.png',
  'https://[fe80::1]/a.png',
  'https://10.1.2.3/a.png',
  'https://172.16.0.1/a.png',
  'https://172.31.255.255/a.png',
  'https://192.168.1.1/a.png',
  'https://169.254.169.254/latest/meta-data',
  'https://100.64.0.1/a.png',
  'https://0.0.0.0/a.png',
  'https://printer.local/a.png',
  'https://intranet/a.png',
];

const ACCEPTED = [
  'https://images.example.com/a.png',
  'https://172.32.0.1/a.png',
  'https://8.8.8.8/a.png',
  'https://[2606:4700::1111]/a.png',
];

describe('task image addresses', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('refuses credentials and loopback or private hosts with 400, on create and on edit', async () => {
    const taskId = (await apiCall(t.app, 'POST', '/api/tasks', owner, buildTask())).json()
      .insertedId;
    for (const imageUrl of REFUSED) {
      const created = await apiCall(t.app, 'POST', '/api/tasks', owner, buildTask({ imageUrl }));
      expect(created.statusCode, imageUrl).toBe(400);
      expect(created.json().issues, imageUrl).toContainEqual(
        expect.objectContaining({ path: 'body.imageUrl' }),
      );
      const edited = await apiCall(
        t.app,
        'PUT',
        `/api/tasks/${taskId}`,
        owner,
        buildTask({ imageUrl }),
      );
      expect(edited.statusCode, imageUrl).toBe(400);
    }
  });

  it('accepts public https addresses', async () => {
    for (const imageUrl of ACCEPTED) {
      const created = await apiCall(t.app, 'POST', '/api/tasks', owner, buildTask({ imageUrl }));
      expect(created.statusCode, imageUrl).toBe(201);
    }
  });
});
