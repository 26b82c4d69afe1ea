/** Turns anything an auth action throws into the sentence of `src/shared/auth-errors.ts`. */
import { authErrorMessage } from '../../../shared/auth-errors.ts';
import { ApiError } from '../api-client.ts';
import { AuthFlowError } from './google-popup.ts';

export function authFailureMessage(error: unknown): string {
  if (error instanceof ApiError)
    return authErrorMessage({ code: error.code, status: error.status });
  if (error instanceof AuthFlowError) return authErrorMessage({ code: error.code });
  return authErrorMessage({});
}
