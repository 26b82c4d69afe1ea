import { ApiError } from './api-client.ts';

/** The `token` of a link from an e-mail (empty when it has none). */
export const linkToken = (url: string) => new URL(url).searchParams.get('token') ?? '';

/**
 * A loader's read of what an e-mailed link stands for. `link` is null when the address has no
 * token or the server does not know it (400), so the page says the link is not valid.
 */
export async function loadTokenLink<T>(
  request: Request,
  read: (token: string, signal: AbortSignal) => Promise<T>,
): Promise<{ link: T | null }> {
  const token = linkToken(request.url);
  if (!token) return { link: null };
  try {
    return { link: await read(token, request.signal) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { link: null };
    throw error;
  }
}
