import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startOidcProvider } from './oidc-provider.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * A test app with Google sign-in pointed at the local OpenID provider, for the enclosing
 * `describe`: the provider starts first (the app reads its discovery document at start).
 * Read the fields inside hooks and tests only.
 */
export function useGoogleTestApp(): { app: FastifyInstance; provider: OidcProvider } {
  let provider: OidcProvider | undefined;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    provider = await startOidcProvider();
    testApp = await createTestApp(provider.env);
  });
  afterAll(async () => {
    await testApp?.close();
    await provider?.stop();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useGoogleTestApp: read it inside a hook or a test');
    return value;
  };
  return {
    get app() {
      return need(testApp).app;
    },
    get provider() {
      return need(provider);
    },
  };
}
