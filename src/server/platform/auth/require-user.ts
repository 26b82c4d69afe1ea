import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { isRole, type Role } from '../../../shared/operators/rules.ts';
import { badRequest } from '../http/errors.ts';

/** The signed-in user behind a request, as the server's routes use it. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** 'user' for members; an operator's role otherwise. */
  role: Role;
  /** The session this request came with (an event stream ends with it). */
  sessionId: string;
  /** The admin who opened this session to view the account read-only, if one did. */
  viewedBy: string | null;
}

/** A request's headers as Fetch headers; a value Fetch cannot carry is a bad request. */
export function fetchHeaders(raw: FastifyRequest['headers']): Headers {
  try {
    return fromNodeHeaders(raw);
  } catch {
    throw badRequest('The request has a malformed header.', 'MALFORMED_HEADER');
  }
}

/**
 * The session's user, or null when signed out. Identity only ever comes from here. A
 * session is a cookie (better-auth reads nothing else here), so a request without any
 * cookie is signed out without asking better-auth: most anonymous reads skip its request
 * context, hooks and cookie parsing. A cookie this instance read lately is answered from
 * memory (session-cache.ts).
 */
export async function getUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const { cookie } = request.headers;
  if (!cookie) return null;
  const headers = fetchHeaders(request.headers);
  return request.server.sessions.read(cookie, async () => {
    const result = await request.server.auth.api.getSession({ headers });
    if (!result) return null;
    const { id, email, name, image, role } = result.user;
    return {
      user: {
        id,
        email,
        name,
        image: image ?? null,
        role: isRole(role) ? role : 'user',
        sessionId: result.session.id,
        viewedBy: result.session.impersonatedBy ?? null,
      },
      expiresAt: result.session.expiresAt,
    };
  });
}
