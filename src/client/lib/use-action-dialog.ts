import { useState } from 'react';

/**
 * A dialog that shows each new answer of a route action once (`useActionData()` of a
 * `<Form>`, or `fetcher.data`): it opens when the action returns a new object and stays
 * closed after the user closes it.
 */
export function useActionDialog<T extends object>(actionData: T | undefined) {
  const [closedFor, setClosedFor] = useState<T | undefined>(undefined);
  const current = actionData !== undefined && actionData !== closedFor ? actionData : undefined;
  return { current, close: () => setClosedFor(actionData) };
}
