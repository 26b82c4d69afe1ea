/**
 * Data a loader returns unawaited, for the screen to show with a spinner (`<Await>`). The
 * screen reports its failure; when the screen never renders (a signed-out visitor sent to
 * /login, a navigation that moved on) nobody waits for it, and its rejection must not
 * surface as an unhandled error.
 */
export function deferred<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
