/**
 * The local OpenID provider standing in for Google (oauth2-mock-server), for the server
 * tests and the browser tests alike. Start it before the app (the app reads its discovery
 * document at start) and give the app its `env`.
 *
 * Who signs in is said by the IDENTITY_COOKIE cookie on 127.0.0.1: a browser context sets it
 * (see `signInWithGoogleAs` in the e2e support), a server test sends it through `authorize`.
 * The provider reads it at its authorize endpoint and puts that identity (its own `sub`)
 * into the tokens and userinfo. Without the cookie every sign-in gets a fresh identity.
 *
 * Like a real provider it shows a page first: the discovery document points the app at
 * /consent, where the person has to press "Continue" (which goes on to the mock's own
 * /authorize). So browser tests drive the provider step the way a person would.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

export const IDENTITY_COOKIE = 'e2e_oidc_identity';
export const OIDC_CLIENT_ID = 'taskbid-test-client';
export const OIDC_CLIENT_SECRET = 'taskbid-test-secret';

/** The cookie value that makes the provider sign in as `identity`. */
export function identityCookieValue(identity: OidcIdentity): string {
  return encodeURIComponent(JSON.stringify(identity));
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function identityFromCookie(req: IncomingMessage): OidcIdentity | undefined {
  const raw = readCookie(req, IDENTITY_COOKIE);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<OidcIdentity>;
    if (parsed.sub && parsed.email && parsed.name) return parsed as OidcIdentity;
  } catch {
    // Fall through to a fresh identity.
  }
  return undefined;
}

/** A new, unique Google-like identity. */
export function freshIdentity(): OidcIdentity {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `google-${randomUUID()}`,
    email: `google-${id}@gmail.example`,
    name: `Google ${id}`,
  };
}

export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;

  server.service.on(
    'beforeWellKnownOpenIdConfiguration',
    (config: { body: Record<string, unknown> }) => {
      config.body.authorization_endpoint = `${issuer}/consent`;
    },
  );
  server.service.addRoute('GET', '/consent', (req, res) => {
    const search = new URL(req.url ?? '/', issuer).search;
    const identity = identityFromCookie(req);
    const who = identity ? ` as ${identity.name}` : '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in · Local OpenID provider</title></head>` +
        `<body><h1>Local OpenID provider</h1><p><a href="/authorize${search.replace(/"/g, '&quot;')}">Continue${who.replace(/[<>&"]/g, '')}</a></p></body></html>`,
    );
  });

  /** Who each authorization code was issued to. */
  const byCode = new Map<string, OidcIdentity>();

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get('code');
    if (!code) return;
    byCode.set(code, identityFromCookie(req) ?? freshIdentity());
    setTimeout(() => byCode.delete(code), 120_000).unref();
  });

  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: unknown }) => {
      const body = (req.body ?? {}) as { code?: string };
      const identity = body.code ? byCode.get(body.code) : undefined;
      if (!identity) return;
      Object.assign(token.payload, {
        sub: identity.sub,
        aud: OIDC_CLIENT_ID,
        email: identity.email,
        email_verified: true,
        name: identity.name,
        ...(identity.picture ? { picture: identity.picture } : {}),
      });
    },
  );

  // The access token carries the identity; userinfo reads it back from the bearer token.
  server.service.on('beforeUserinfo', (response: { body: unknown }, req: IncomingMessage) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const payloadPart = token.split('.')[1];
    if (!payloadPart) return;
    const claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    response.body = {
      sub: claims.sub,
      email: claims.email,
      email_verified: true,
      name: claims.name,
      ...(claims.picture ? { picture: claims.picture } : {}),
    };
  });

  return {
    issuer,
    /** The environment that points the app's Google sign-in at this provider. */
    env: {
      GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    },
    /**
     * What a browser does at the provider, for a test without one: the consent page's
     * "Continue", signed in as `identity`. Returns where the provider sends the browser back.
     */
    async authorize(consentUrl: URL, identity: OidcIdentity = freshIdentity()): Promise<URL> {
      if (`${consentUrl.origin}${consentUrl.pathname}` !== `${issuer}/consent`) {
        throw new Error(`not this provider's consent page: ${consentUrl.href}`);
      }
      const response = await fetch(`${issuer}/authorize${consentUrl.search}`, {
        redirect: 'manual',
        headers: { cookie: `${IDENTITY_COOKIE}=${identityCookieValue(identity)}` },
      });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) {
        throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      }
      return new URL(location);
    },
    /**
     * A whole Google sign-in against `app`, as a browser follows it: the app's start, the
     * provider's consent as `identity`, the app's callback with the start's cookies.
     */
    async signIn(app: FastifyInstance, returnTo: string, identity: OidcIdentity = freshIdentity()) {
      const start = await app.inject({
        method: 'GET',
        url: `/api/oauth/google/start?mode=redirect&returnTo=${encodeURIComponent(returnTo)}`,
      });
      if (start.statusCode !== 302) throw new Error(`the start answered ${start.statusCode}`);
      const authorizeUrl = new URL(start.headers.location as string);
      const callback = await this.authorize(authorizeUrl, identity);
      const done = await app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: {
          cookie: [start.headers['set-cookie'] ?? []]
            .flat()
            .map((c) => c.split(';')[0])
            .join('; '),
        },
      });
      return { authorizeUrl, callback, done };
    },
    stop: () => server.stop(),
  };
}
