import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { insertTask } from '../../../../tests/factories/tasks.ts';
import {
  cameraJpeg,
  hugePngHeader,
  plainPng,
  uploadPhoto,
} from '../../../../tests/factories/photos.ts';
import { callerFor, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import {
  AVATAR_SIDE,
  NOT_A_PHOTO,
  PHOTO_MAX_BYTES,
  PHOTO_TOO_BIG,
  TASK_PHOTO_LIMIT,
  TASK_PHOTO_MAX_SIDE,
  TASK_PHOTOS_FULL,
  TOO_MANY_PIXELS,
} from '../../../shared/photos/rules.ts';
import { photos, user } from '../../platform/db/schema.ts';
import { OWNER_ADDS_PHOTOS, UPLOADER_REMOVES } from './repository.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('photos', () => {
  const t = useTestApp();
  const call = callerFor(t);
  let owner: TestUser;
  let stranger: TestUser;
  let camera: Buffer;

  beforeAll(async () => {
    owner = await signUp(t.app, { name: 'Olive Owner' });
    stranger = await signUp(t.app, { name: 'Stan Stranger' });
    camera = await cameraJpeg(2400, 1200);
  });

  const fetchPhoto = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('stores a task photo within the bound, upright, as WebP, with no EXIF or GPS left', async () => {
    const original = await sharp(camera).metadata();
    expect(original.exif).toBeDefined();
    expect(camera.includes(Buffer.from('PhoneCo'))).toBe(true);
    const taskId = await insertTask(t.app.database.db, owner.id);

    const res = await uploadPhoto(t.app, 'POST', `/api/tasks/${taskId}/photos`, owner, camera);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ url: `/api/photos/${photo._id}`, width: 1600, height: 800 });

    const served = await fetchPhoto(photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: TASK_PHOTO_MAX_SIDE, height: 800 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);

    expect((await call('GET', `/api/tasks/${taskId}/photos`)).json()).toEqual([photo]);
  });

  it('turns a photo upright by its orientation tag before resizing', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    // Stored 400 × 200, tagged "rotate 90°": it shows as 200 × 400.
    const sideways = await cameraJpeg(400, 200, 6);
    const res = await uploadPhoto(t.app, 'POST', `/api/tasks/${taskId}/photos`, owner, sideways);
    expect(res.json()).toMatchObject({ width: 200, height: 400 });
  });

  it('makes the profile photo a square, the account’s picture, and removes the previous one', async () => {
    const first = await uploadPhoto(t.app, 'PUT', '/api/me/photo', owner, camera);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ width: AVATAR_SIDE, height: AVATAR_SIDE });
    const session = (await call('GET', '/api/auth/get-session', owner)).json();
    expect(session.user.image).toBe(first.json().url);
    const square = await sharp((await fetchPhoto(first.json().url)).rawPayload).metadata();
    expect(square).toMatchObject({ width: AVATAR_SIDE, height: AVATAR_SIDE });
    expect(square.exif).toBeUndefined();

    const png = await plainPng(300, 200);
    const second = await uploadPhoto(t.app, 'PUT', '/api/me/photo', owner, png, 'image/png');
    expect(second.statusCode).toBe(200);
    expect((await fetchPhoto(first.json().url)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${owner.id}`)).json().image).toBe(second.json().url);

    // The profile form may send the uploaded address back unchanged.
    const kept = await call('POST', '/api/auth/update-user', owner, { image: second.json().url });
    expect(kept.statusCode).toBe(200);

    expect((await call('DELETE', '/api/me/photo', owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/get-session', owner)).json().user.image).toBeNull();
    expect((await fetchPhoto(second.json().url)).statusCode).toBe(404);
  });

  it('serves a photo for a year, immutable, with an ETag that answers 304', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    const { url } = (
      await uploadPhoto(t.app, 'POST', `/api/tasks/${taskId}/photos`, owner, await plainPng())
    ).json();
    const served = await fetchPhoto(url);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    const again = await fetchPhoto(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    for (const missing of [`/api/photos/${UNKNOWN}`, '/api/photos/not-an-id']) {
      const res = await fetchPhoto(missing);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Photo not found');
    }
  });

  it('refuses what is not a photo, with a sentence, and stores nothing', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    const url = `/api/tasks/${taskId}/photos`;
    const cases: [Buffer, string, number][] = [
      [Buffer.from('%PDF-1.7 not a picture'), 'application/pdf', 415],
      [Buffer.from('just text pretending'), 'image/jpeg', 400],
      [camera.subarray(0, 200), 'image/jpeg', 400],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        'image/svg+xml',
        400,
      ],
      [Buffer.from('{"a":1}'), 'application/json', 415],
    ];
    for (const [bytes, type, status] of cases) {
      const res = await uploadPhoto(t.app, 'POST', url, owner, bytes, type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(NOT_A_PHOTO);
    }
    const empty = await uploadPhoto(t.app, 'POST', url, owner, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect((await call('GET', url)).json()).toEqual([]);
  });

  it('refuses an upload over the size limit (413) and an absurd pixel count (400)', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    const url = `/api/tasks/${taskId}/photos`;
    const tooBig = Buffer.concat([camera, Buffer.alloc(PHOTO_MAX_BYTES)]);
    for (const [method, path] of [
      ['POST', url],
      ['PUT', '/api/me/photo'],
    ] as const) {
      const res = await uploadPhoto(t.app, method, path, owner, tooBig);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ message: PHOTO_TOO_BIG, code: 'PHOTO_TOO_BIG' });
    }
    expect(PHOTO_TOO_BIG).toBe('Photos can be 8 MB at most.');

    const bomb = await uploadPhoto(t.app, 'POST', url, owner, hugePngHeader(), 'image/png');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe(TOO_MANY_PIXELS);
    expect((await call('GET', url)).json()).toEqual([]);
  });

  it('lets only the owner attach, up to the limit, and only the uploader remove', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    const url = `/api/tasks/${taskId}/photos`;
    const png = await plainPng();

    expect((await uploadPhoto(t.app, 'POST', url, undefined, png, 'image/png')).statusCode).toBe(
      401,
    );
    const stranger403 = await uploadPhoto(t.app, 'POST', url, stranger, png, 'image/png');
    expect(stranger403.statusCode).toBe(403);
    expect(stranger403.json().message).toBe(OWNER_ADDS_PHOTOS);
    const missing = await uploadPhoto(
      t.app,
      'POST',
      `/api/tasks/${UNKNOWN}/photos`,
      owner,
      png,
      'image/png',
    );
    expect(missing.statusCode).toBe(404);

    const added = [];
    for (let i = 0; i < TASK_PHOTO_LIMIT; i++) {
      const res = await uploadPhoto(t.app, 'POST', url, owner, png, 'image/png');
      expect(res.statusCode).toBe(201);
      added.push(res.json());
    }
    const full = await uploadPhoto(t.app, 'POST', url, owner, png, 'image/png');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(TASK_PHOTOS_FULL);

    const photoUrl = `/api/photos/${added[0]._id}`;
    expect((await call('DELETE', photoUrl)).statusCode).toBe(401);
    const notYours = await call('DELETE', photoUrl, stranger);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe(UPLOADER_REMOVES);
    expect((await call('DELETE', `/api/photos/${UNKNOWN}`, owner)).statusCode).toBe(404);
    expect((await fetchPhoto(photoUrl)).statusCode).toBe(200);

    expect((await call('DELETE', photoUrl, owner)).statusCode).toBe(200);
    expect((await fetchPhoto(photoUrl)).statusCode).toBe(404);
    expect((await call('GET', url)).json()).toHaveLength(TASK_PHOTO_LIMIT - 1);
  });

  it('erases a person’s photos with their account and lists them in the download', async () => {
    const pat = await signUp(t.app, { name: 'Pat Photo' });
    const taskId = await insertTask(t.app.database.db, pat.id);
    const avatar = (await uploadPhoto(t.app, 'PUT', '/api/me/photo', pat, camera)).json();
    const taskPhoto = (
      await uploadPhoto(t.app, 'POST', `/api/tasks/${taskId}/photos`, pat, await plainPng())
    ).json();

    const data = (await call('GET', '/api/account/export', pat)).json();
    expect(data.photos).toEqual([
      expect.objectContaining({ id: avatar._id, kind: 'avatar', url: avatar.url }),
      expect.objectContaining({ id: taskPhoto._id, kind: 'task', taskId, url: taskPhoto.url }),
    ]);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        cookie: pat.cookie,
      },
      payload: { password: pat.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    for (const url of [avatar.url, taskPhoto.url])
      expect((await fetchPhoto(url)).statusCode).toBe(404);
    const db = t.app.database.db;
    expect(await db.select().from(photos).where(eq(photos.ownerId, pat.id))).toEqual([]);
    const [row] = await db.select({ image: user.image }).from(user).where(eq(user.id, pat.id));
    expect(row?.image).toBeNull();
  });
});
