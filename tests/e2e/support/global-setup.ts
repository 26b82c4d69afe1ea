import { startStack } from './stack.ts';

/** Starts the stack once for all workers; the returned function is the teardown. */
export default async function globalSetup() {
  const stack = await startStack();
  // Workers start after this and inherit the environment.
  process.env.E2E_BASE_URL = stack.baseURL;
  process.env.E2E_AUTH_SECRET = stack.authSecret;
  return async () => {
    await stack.stop();
  };
}
