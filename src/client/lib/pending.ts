import { useNavigation } from 'react-router';

interface Transition {
  state: 'idle' | 'loading' | 'submitting';
  formMethod?: string | undefined;
}

/**
 * The one pending-state test: whether a form posted through the router (the page's `<Form>`
 * or a fetcher's) is still on its way: its action runs, or the data it changed reloads.
 * Link navigations, GET forms and `fetcher.load` are not submissions.
 */
export function isSubmitting(transition: Transition): boolean {
  const method = transition.formMethod;
  return transition.state !== 'idle' && method !== undefined && method !== 'GET';
}

/** `isSubmitting` for the page's own `<Form>`. */
export function useSubmitting(): boolean {
  return isSubmitting(useNavigation());
}
