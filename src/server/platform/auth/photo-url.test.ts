import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { buildUser, requestsFor, signUp } from '../../../../tests/factories/users.ts';

/** Photo addresses every visitor of a public profile would be sent to: refused. */
const REFUSED = [
  'http://images.example.com/me.jpg',
  'https://user:pw@images.example.com/me.jpg',
  'https://user@images.example.com/me.jpg',
  'https://127.0.0.1:3000/me.jpg',
  'https://0x7f.1/me.jpg',
  'https://localhost/me.jpg',
  'https://[::1]/me.jpg',
  'https://169.254.169.254/latest/meta-data',
  'https://10.0.0.1/me.jpg',
  'https://192.168.1.1/me.jpg',
  'https://printer.local/me.jpg',
  'https://intranet/me.jpg',
  '/api/photos/not-a-photo-id',
  '/api/photos/00000000-0000-4000-8000-000000000000/../../auth/x',
  '//evil.example/me.jpg',
];

const MESSAGE = 'Photo URL must be a public https:// address, without a user name or password';

describe('accounts: the photo URL is a public https address', () => {
  const t = useTestApp();
  const { post, get } = requestsFor(t);

  it('refuses each other address on sign-up and on update, naming the field', async () => {
    const user = await signUp(t.app);
    const photo = 'https://images.example.com/me.jpg';
    expect((await post('/api/auth/update-user', { image: photo }, user.cookie)).statusCode).toBe(
      200,
    );
    for (const image of REFUSED) {
      const signUpRes = await post('/api/auth/sign-up/email', { ...buildUser(), image });
      expect(signUpRes.statusCode, image).toBe(400);
      expect(signUpRes.json().issues, image).toEqual([{ path: 'image', message: MESSAGE }]);
      const update = await post('/api/auth/update-user', { image }, user.cookie);
      expect(update.statusCode, image).toBe(400);
      expect(update.json().issues, image).toEqual([{ path: 'image', message: MESSAGE }]);
    }
    const me = (await get('/api/auth/get-session', user.cookie)).json().user;
    expect(me.image).toBe(photo);
    // A photo uploaded here is its address on this site.
    const uploaded = '/api/photos/00000000-0000-4000-8000-000000000000';
    for (const image of ['https://cdn.example.org/a/b.png?size=64', uploaded, '']) {
      const ok = await post('/api/auth/update-user', { image }, user.cookie);
      expect(ok.statusCode, image).toBe(200);
    }
  });
});
