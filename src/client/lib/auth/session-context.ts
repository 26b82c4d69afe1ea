/**
 * The signed-in user for protected route loaders and actions. The protected layout route's
 * middleware waits for the session and throws a 401 for a signed-out visitor (the route
 * error boundary then sends them to /login), so a loader below it never runs signed out.
 */
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
} from 'react-router';
import type { SessionUser } from '../../../shared/users.ts';
import { currentSession } from './session-store.ts';

const sessionContext = createContext<SessionUser | null>(null);

export const requireSession: MiddlewareFunction = async ({ context }) => {
  const user = await currentSession();
  if (!user) throw data('Please sign in to continue.', { status: 401 });
  context.set(sessionContext, user);
};

/** The user `requireSession` found; only for routes under the protected layout. */
export function sessionUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(sessionContext);
  if (!user) throw data('Please sign in to continue.', { status: 401 });
  return user;
}
