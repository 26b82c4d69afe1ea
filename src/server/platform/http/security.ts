import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { registerPlainPaths } from './canonical-path.ts';
import { HttpError } from './errors.ts';
import { builtFirstPaint } from '../web/first-paint.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A state-changing request to the API, judged by the route it reached (any spelling). */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST that mail apps send from anywhere, form-encoded (RFC 8058 one-click
     * unsubscribe): exempt from the cross-site and JSON-only checks, so its own signed
     * token must be its only authority and its only effect harmless.
     */
    mailClientPost?: true;
    /**
     * The body is an image (its type `image/…`), not JSON: a photo upload. Anything else is
     * refused 415 with `refusal`, a sentence the person who picked the file can act on.
     */
    imageBody?: { refusal: string };
  }
}

/**
 * Stripe.js and its Payment Element (the pay screen, PAYMENTS=stripe): its script, its
 * frames (the card fields, 3-D Secure) and its API. Allowed on every page while Stripe is on:
 * the pages are one app, and a page's policy stays the one its document came with while the
 * app moves to the pay screen. Only the pay screen's chunk loads Stripe.js.
 */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

function changesApiState(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.mailClientPost) return false;
  const path = request.routeOptions.url ?? request.url;
  return STATE_CHANGING.has(request.method) && path.startsWith('/api/');
}

/**
 * Security headers for every answer, and the cross-site request guard: a state-changing
 * /api request that a browser sends from another site is refused before it runs.
 */
export async function registerSecurity(app: FastifyInstance) {
  const { config } = app;
  const https = config.baseUrl.startsWith('https://');
  const stripe = config.payments.mode === 'stripe';
  const withStripe = (kind: keyof typeof STRIPE_SOURCES) => (stripe ? STRIPE_SOURCES[kind] : []);
  // The theme script and the stylesheet written into the pages, each by its hash (0537).
  const inlined = builtFirstPaint(config.staticDir);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(inlined?.scriptSources ?? []), ...withStripe('script')],
        // No inline styles but the built stylesheet's own text: the client sets styles only
        // through the CSSOM, which CSP allows.
        styleSrc: ["'self'", ...(inlined?.styleSources ?? [])],
        // blob: the preview of a photo picked for upload (an object URL of the file).
        imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
        fontSrc: ["'self'"],
        // blob: a picked photo's object URL (its preview); Chromium was seen connecting to it
        // while the form that holds it posted an upload the server refused.
        connectSrc: ["'self'", 'blob:', ...withStripe('connect')],
        // Stripe's card fields, when Stripe takes the payments (else default-src).
        ...(stripe ? { frameSrc: ["'self'", ...STRIPE_SOURCES.frame] } : {}),
        // The web manifest and the service worker (public/): this site's own files only.
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The Google sign-in popup must keep its link to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  // Powerful browser features the app never uses are off, for our pages and anything framed.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });

  registerPlainPaths(app);

  const trusted = new Set(config.trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!changesApiState(request)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!trusted.has(origin)) throw crossSite(origin, config.baseUrl);
      return;
    }
    // No Origin: browsers still say where a request comes from in Sec-Fetch-Site.
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw crossSite(undefined, config.baseUrl);
  });

  // Where a JSON body is expected, nothing else is accepted (a form post is a CSRF vector);
  // an upload route takes images only (no form can send one).
  app.addHook('onRequest', async (request) => {
    if (!changesApiState(request)) return;
    const length = Number(request.headers['content-length'] ?? 0);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (length === 0 && !chunked) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    const image = request.routeOptions.config?.imageBody;
    if (image) {
      // Checked after the session (a signed-out upload is a 401 like any other), still
      // before a byte is parsed: `refuseUnlessImage`, in the upload route's own hook.
      return;
    }
    if (type !== 'application/json') {
      throw new HttpError(
        415,
        'Send the request body as JSON (Content-Type: application/json).',
        'UNSUPPORTED_MEDIA_TYPE',
      );
    }
  });
}

/**
 * Says what happened and what to do: the usual cause is opening the site at another address
 * than the one it is configured for (BASE_URL), which the person can fix at once.
 */
function crossSite(origin: string | undefined, baseUrl: string) {
  const where = origin ? `from ${origin}` : 'from another site';
  return new HttpError(
    403,
    `This request came ${where}, and this server only accepts requests from ${baseUrl}. ` +
      `Open ${baseUrl} in your browser and try again (the server's BASE_URL or TRUSTED_ORIGINS names the addresses it accepts).`,
    'CROSS_SITE_REQUEST',
  );
}

/**
 * An upload route's check that its body is an image (`config.imageBody`): anything else,
 * form posts included, is refused 415 with the route's own sentence before it is parsed.
 * Register it as an `onRequest` hook in the route's scope, after the session check.
 */
export async function refuseUnlessImage(request: FastifyRequest) {
  const image = request.routeOptions.config?.imageBody;
  if (!image) return;
  const length = Number(request.headers['content-length'] ?? 0);
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (length === 0 && !chunked) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (!type?.startsWith('image/')) throw new HttpError(415, image.refusal, 'NOT_A_PHOTO');
}
