import { fetchAuthConfig } from '../../../lib/auth/auth-api.ts';

export interface AuthScreenData {
  /** Whether the server has Google sign-in configured ("Continue with Google" shown). */
  googleEnabled: boolean;
}

/**
 * The loader of the sign-in and sign-up screens. A server that cannot say whether Google is
 * configured leaves the button out: e-mail and password still work.
 */
export async function loadAuthScreen(): Promise<AuthScreenData> {
  const config = await fetchAuthConfig().catch(() => ({ googleEnabled: false }));
  return { googleEnabled: config.googleEnabled };
}
