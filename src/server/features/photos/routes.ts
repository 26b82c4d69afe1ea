import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOT_A_PHOTO, PHOTO_MAX_BYTES, PHOTO_TOO_BIG } from '../../../shared/photos/rules.ts';
import {
  photoIdParamsSchema,
  photoListSchema,
  photoRemovedSchema,
  photoSchema,
} from '../../../shared/photos/schema.ts';
import { taskIdParamsSchema } from '../../../shared/tasks/schema.ts';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { refuseUnlessImage } from '../../platform/http/security.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { processPhoto } from './process.ts';
import { createPhotoRepository, PHOTO_NOT_FOUND } from './repository.ts';
import { photoStore } from './store.ts';

/** A stored photo never changes (a new upload is a new address): caches keep it for a year. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const upload = {
  // The body is the image itself (`Content-Type: image/…`), read whole up to the limit.
  bodyLimit: PHOTO_MAX_BYTES,
  config: { imageBody: { refusal: NOT_A_PHOTO } },
};
const UPLOAD_DESCRIPTION = `The request body is the image itself (\`Content-Type: image/jpeg\`, \`image/png\`, \`image/webp\`, \`image/gif\` or \`image/avif\`), up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB. It is turned upright, resized, re-encoded as WebP and stripped of all metadata (EXIF, GPS).`;

/** The image of an upload request, or a 400 saying what to send. */
function imageOf(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(NOT_A_PHOTO, 'NOT_A_PHOTO');
  return body;
}

/** Profile photos and task photos: uploads, the photo addresses, removal. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPhotoRepository(app.database.db, photoStore, app.sessions);

  app.addContentTypeParser(
    /^image\//,
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // After the session check: an image only, and a declared size within the limit, before a
  // byte is read.
  app.addHook('onRequest', refuseUnlessImage);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.imageBody) return;
    if (Number(request.headers['content-length'] ?? 0) > PHOTO_MAX_BYTES) {
      throw new HttpError(413, PHOTO_TOO_BIG, 'PHOTO_TOO_BIG');
    }
  });

  app.get(
    '/api/photos/:id',
    routeOptions('public', 'photos', 'A stored photo (WebP), cached for a year', {
      description:
        'The address of a photo never changes and neither do its bytes, so it is answered with `Cache-Control: public, max-age=31536000, immutable` and an `ETag`.',
      params: photoIdParamsSchema,
      response: { 200: z.any().meta({ description: 'The image bytes' }), ...errorResponses(404) },
    }),
    async (request, reply) => {
      const photo = await repo.read(request.params.id);
      if (!photo) throw notFound(PHOTO_NOT_FOUND);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', PHOTO_CACHE_CONTROL)
        .header('etag', `"${request.params.id}"`)
        .header('content-disposition', 'inline')
        .send(photo.bytes);
    },
  );

  app.put(
    '/api/me/photo',
    routeOptions(
      'user',
      'photos',
      'Upload my profile photo (a 512 px square)',
      {
        description: `${UPLOAD_DESCRIPTION} It becomes the account’s picture at once (\`image\` is its address); an earlier uploaded one is removed.`,
        response: { 200: photoSchema, ...errorResponses(413, 415, 429) },
      },
      upload,
    ),
    async (request) => {
      const photo = await processPhoto(imageOf(request.body), 'avatar');
      return repo.setAvatar(request.user.id, photo);
    },
  );

  app.delete(
    '/api/me/photo',
    routeOptions('user', 'photos', 'Remove my profile photo (uploaded or a link)', {
      response: { 200: photoRemovedSchema, ...errorResponses(429) },
    }),
    async (request) => {
      await repo.clearAvatar(request.user.id);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );

  app.get(
    '/api/tasks/:id/photos',
    routeOptions('public', 'photos', 'The photos of a task, in the order they were added', {
      params: taskIdParamsSchema,
      response: { 200: photoListSchema, ...errorResponses(404) },
    }),
    async (request) => repo.listForTask(request.params.id),
  );

  app.post(
    '/api/tasks/:id/photos',
    routeOptions(
      'user',
      'photos',
      'Add a photo to my task (up to 4, longest side 1600 px)',
      {
        description: UPLOAD_DESCRIPTION,
        params: taskIdParamsSchema,
        response: { 201: photoSchema, ...errorResponses(403, 404, 409, 413, 415, 429) },
      },
      upload,
    ),
    async (request, reply) => {
      const photo = await processPhoto(imageOf(request.body), 'task');
      return reply
        .status(201)
        .send(await repo.attachToTask(request.params.id, request.user.id, photo));
    },
  );

  app.delete(
    '/api/photos/:id',
    routeOptions('user', 'photos', 'Remove a photo I added', {
      params: photoIdParamsSchema,
      response: { 200: photoRemovedSchema, ...errorResponses(403, 404, 429) },
    }),
    async (request) => {
      await repo.remove(request.params.id, request.user.id);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
};
