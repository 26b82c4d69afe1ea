import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

export const OIDC_CLIENT_ID = 'taskbid-test-client';
export const OIDC_CLIENT_SECRET = 'taskbid-test-secret';

/**
 * A local OpenID Connect provider standing in for Google. Start it before the app (the
 * app reads its discovery document at start), then say who signs in next.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const address = server.address();
  const issuer = `http://127.0.0.1:${address.port}`;
  server.issuer.url = issuer;

  let identity: OidcIdentity | undefined;
  server.service.on('beforeTokenSigning', (token) => {
    if (!identity) return;
    Object.assign(token.payload, {
      sub: identity.sub,
      aud: OIDC_CLIENT_ID,
      email: identity.email,
      email_verified: true,
      name: identity.name,
      ...(identity.picture ? { picture: identity.picture } : {}),
    });
  });
  server.service.on('beforeUserinfo', (response) => {
    if (!identity) return;
    response.body = { ...identity, email_verified: true };
  });

  return {
    issuer,
    /** The environment that points the app's Google sign-in at this provider. */
    env: {
      GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    },
    /** Who the provider signs in from now on. */
    signInAs(next: OidcIdentity) {
      identity = next;
    },
    stop: () => server.stop(),
  };
}
