import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterResultSchema, newsletterSchema } from '../../../shared/newsletter/schema.ts';
import { INVALID_EMAIL_MESSAGE } from '../../../shared/newsletter/rules.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { createNewsletterRepository } from './repository.ts';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createNewsletterRepository(app.database.db);

  app.post(
    '/api/newsletter',
    routeOptions(
      'public',
      'newsletter',
      'Subscribe an e-mail address (idempotent)',
      {
        description:
          'The same 200 answer for a new address and one already subscribed, so the form tells nobody who reads the newsletter. The address is trimmed and lower-cased. Invalid: 400 `{ message: "Please enter a valid email address" }`.',
        body: newsletterSchema,
        response: { 200: newsletterResultSchema },
      },
      // Any invalid body gets the footer's own sentence, so validation is handled here.
      { attachValidation: true },
    ),
    async (request) => {
      if (request.validationError) throw new HttpError(400, INVALID_EMAIL_MESSAGE);
      await repo.subscribe(request.body.email);
      return { acknowledged: true as const, message: 'Thank you for subscribing!' };
    },
  );
};
