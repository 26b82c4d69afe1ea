import { redirect } from 'react-router';

/**
 * A task screen opened with a task's old id (one imported from the first version): the API
 * answered with the task under its own id, so the screen moves to its URL with that id.
 */
export function toCanonicalId(request: Request, id: string, task: { _id: string }): void {
  if (task._id === id) return;
  const url = new URL(request.url);
  const path = url.pathname.split('/').map((part) => (part === id ? task._id : part));
  throw redirect(`${path.join('/')}${url.search}`);
}
