import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { unauthorized } from '../http/errors.ts';

/** The signed-in user behind a request, as the server's routes use it. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

/** The session's user, or null when signed out. Identity only ever comes from here. */
export async function getUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const result = await request.server.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
  });
  if (!result) return null;
  const { id, email, name, image } = result.user;
  return { id, email, name, image: image ?? null };
}

/** The session's user; throws 401 JSON when signed out. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await getUser(request);
  if (!user) throw unauthorized();
  return user;
}
