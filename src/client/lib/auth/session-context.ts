/**
 * The signed-in user for protected route loaders and actions. The protected layout route's
 * middleware asks for the session and, at the same time, lets the screen's loaders start:
 * on a first load the session check and the data requests are in flight together. It throws a
 * 401 for a signed-out visitor once the session is known (the route error boundary then
 * sends them to /login), whatever the loaders found; the API refuses them on its own anyway.
 */
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
} from 'react-router';
import type { SessionUser } from '../../../shared/users/schema.ts';
import { currentSession } from './session-store.ts';

const sessionContext = createContext<Promise<SessionUser | null> | null>(null);

const signInFirst = () => data('Please sign in to continue.', { status: 401 });

export const requireSession: MiddlewareFunction = async ({ context }, next) => {
  const session = currentSession();
  context.set(sessionContext, session);
  const [user] = await Promise.all([session, next()]);
  if (!user) throw signInFirst();
};

/**
 * The user the protected layout's session check finds; only for routes under it. Await it
 * beside the screen's own requests (`Promise.all`), not before them.
 */
export async function sessionUser(context: Readonly<RouterContextProvider>): Promise<SessionUser> {
  const user = await context.get(sessionContext);
  if (!user) throw signInFirst();
  return user;
}
