import { setTimeout as sleep } from 'node:timers/promises';

/**
 * An answer from `fetch`, from `app.inject` or from Playwright's request context, or one a
 * bench script makes of a `node:http` answer (its `statusCode`).
 */
type Answer = Response | { statusCode: number } | { status(): number };

function statusOf(answer: Answer): number {
  if (answer instanceof Response) return answer.status;
  return 'statusCode' in answer ? answer.statusCode : answer.status();
}

/**
 * Sends again while the server sheds load (503), as a real client does (in the tests and
 * the bench scripts). A 503 is refused before anything is written (the tests' exact counts check
 * that), so sending again is safe. The pauses grow and are jittered, so the refused requests
 * do not all come back at once; `onShed` hears of each 503 sent again (the streams bench
 * counts them). After `forMs` the last 503 is returned for the caller to report. A `fetch`
 * answer's body is read before sending again; any other must have let go of its body itself.
 */
export async function sendWhileShedding<A extends Answer>(
  send: () => Promise<A>,
  { forMs = 30_000, onShed }: { forMs?: number; onShed?: () => void } = {},
): Promise<A> {
  const giveUp = Date.now() + forMs;
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (statusOf(answer) !== 503 || Date.now() >= giveUp) return answer;
    onShed?.();
    if (answer instanceof Response) await answer.arrayBuffer();
    await sleep(Math.min(2_000, 200 * attempt) * (0.5 + Math.random()));
  }
}
