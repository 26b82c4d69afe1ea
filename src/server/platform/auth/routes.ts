import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameSitePath } from '../../../shared/return-path.ts';
import { badRequest, invalidInput, notFound, unauthorized } from '../http/errors.ts';
import { routeOptions } from '../http/route-options.ts';
import { errorResponses } from '../openapi/schemas.ts';
import { authBody, authTarget } from './endpoints.ts';
import { fetchHeaders, getUser } from './require-user.ts';
import { refuseWhileViewing, STOP_VIEWING_PATH } from './viewing-as.ts';

/** A path on this site to come back to after signing in, as parsed (never another origin). */
const returnPath = (siteOrigin: string) =>
  z
    .string()
    .max(2048)
    .default('/')
    .transform((value, ctx) => {
      const path = sameSitePath(value, siteOrigin);
      if (path === null) ctx.addIssue({ code: 'custom', message: 'must be a path on this site' });
      return path ?? '/';
    });

export async function authRoutes(app: FastifyInstance) {
  const { auth, config } = app;

  // better-auth reads the raw request itself: its scope has no body parsers of its own.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      // better-auth checks the session itself, endpoint by endpoint.
      config: { auth: 'delegated' },
      handler: async (request, reply) => {
        const started = Date.now();
        const { url, endpoint } = authTarget(request);
        if (!endpoint) throw notFound('No such endpoint.');
        // better-auth's own error page writes its `error` parameter into HTML unescaped: the
        // sign-in page shows the code instead, as text.
        if (endpoint.path === '/error') {
          const error = url.searchParams.get('error') || 'internal_server_error';
          return reply.redirect(`/login?${new URLSearchParams({ error }).toString()}`);
        }
        // Signed out, an endpoint that needs a session says so before it looks at the body.
        const user = endpoint.auth === 'public' ? null : await getUser(request);
        if (endpoint.auth === 'user' && !user) throw unauthorized();
        // A session an admin opened to view the account changes nothing, but can end itself.
        if (endpoint.path !== STOP_VIEWING_PATH) refuseWhileViewing(user, request.method);
        // better-auth reads the body as parsed here (and checked, where there is a schema).
        const json = endpoint.body
          ? checkBody(endpoint.body, authBody(request))
          : authBody(request);
        const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
        const headers = fetchHeaders(request.headers);
        if (body) headers.set('content-length', String(body.length));
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body,
          }),
        );
        // A failure inside better-auth goes through our error handler (503 if the database is
        // down). Some arrive as 4xx with a FAILED_TO_… code: those are ours to explain too.
        const text = await response.clone().text();
        if (response.status >= 500 || /"code":"FAILED_TO_/.test(text)) {
          throw new Error(`accounts service answered ${response.status}: ${text}`);
        }
        const wait = (endpoint.answerFloorMs ?? 0) - (Date.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        return forward(response, reply);
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    routeOptions('public', 'accounts', 'Which sign-in methods this server offers', {
      response: { 200: z.object({ googleEnabled: z.boolean() }) },
    }),
    async () => ({ googleEnabled: config.google !== null }),
  );

  // Google sign-in starts here, in a popup (which reports back through /oauth-complete.html)
  // or as a full-page redirect that comes back to `returnTo`.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/oauth/google/start',
    routeOptions(
      'delegated',
      'accounts',
      'Start Google sign-in: redirects to Google (404 when it is not configured)',
      {
        querystring: z.object({
          mode: z.enum(['popup', 'redirect']).default('redirect'),
          returnTo: returnPath(config.baseUrl),
        }),
        response: { 302: z.null().describe('Redirects to Google'), ...errorResponses(404) },
      },
    ),
    async (request, reply) => {
      if (!config.google) throw notFound('Google sign-in is not configured.');
      const popup = request.query.mode === 'popup';
      const response = await auth.api.signInSocial({
        body: {
          provider: 'google',
          callbackURL: popup ? '/oauth-complete.html' : request.query.returnTo,
          errorCallbackURL: popup ? '/oauth-complete.html' : '/login',
        },
        headers: fetchHeaders(request.headers),
        asResponse: true,
      });
      const data = (await response.json()) as { url?: string };
      if (!response.ok || !data.url)
        throw badRequest('Google sign-in could not start.', 'OAUTH_START_FAILED');
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.redirect(data.url);
    },
  );
}

function checkBody(schema: z.ZodType, json: unknown): unknown {
  if (json === undefined) throw badRequest('The request body is not valid JSON.', 'INVALID_JSON');
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw invalidInput('body', issues);
}

async function forward(response: Response, reply: FastifyReply) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && !isJsonObject(text)) {
    // Some better-auth refusals have no body: give them our error shape.
    const message =
      response.status === 404 ? 'No such endpoint.' : text || 'The request was refused.';
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send({ message, code: response.status === 404 ? 'NOT_FOUND' : 'REQUEST_REFUSED' });
  }
  return reply.send(text.length > 0 ? text : undefined);
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'message' in value;
  } catch {
    return false;
  }
}
