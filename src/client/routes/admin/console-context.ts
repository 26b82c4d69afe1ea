import { data, useOutletContext, type RouterContextProvider } from 'react-router';
import { hasRole, type Role } from '../../../shared/operators/rules.ts';
import { sessionUser } from '../../lib/auth/session-context.ts';

/** Who is at the console: the layout hands it to each screen. */
export interface ConsoleContext {
  id: string;
  role: Role;
}

export function useConsoleUser(): ConsoleContext {
  return useOutletContext<ConsoleContext>();
}

/**
 * The console's screens exist only for operators of `least` role and up: anyone else gets the
 * 404 page, as the API answers a member, and no request of the screen is made for them.
 */
export async function operatorOnly(
  context: Readonly<RouterContextProvider>,
  least: Exclude<Role, 'user'> = 'support',
): Promise<ConsoleContext> {
  const user = await sessionUser(context);
  if (!hasRole(user.role, least)) throw data('Not Found', { status: 404 });
  return { id: user.id, role: user.role };
}
