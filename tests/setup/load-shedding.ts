import { setTimeout as sleep } from 'node:timers/promises';

/** An answer from `fetch`, from `app.inject` or from Playwright's request context. */
type Answer = Response | { statusCode: number } | { status(): number };

function statusOf(answer: Answer): number {
  if (answer instanceof Response) return answer.status;
  return 'statusCode' in answer ? answer.statusCode : answer.status();
}

/**
 * Sends again while the server sheds load, as a real client does. A 503 is refused before
 * anything is written (the tests' exact counts check that), so sending again is safe. The
 * pauses grow and are jittered, so the refused requests do not all come back at once; after
 * `forMs` the last 503 is returned for the test to report.
 */
export async function sendWhileShedding<A extends Answer>(
  send: () => Promise<A>,
  forMs = 30_000,
): Promise<A> {
  const giveUp = Date.now() + forMs;
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (statusOf(answer) !== 503 || Date.now() >= giveUp) return answer;
    if (answer instanceof Response) await answer.arrayBuffer();
    await sleep(Math.min(2_000, 200 * attempt) * (0.5 + Math.random()));
  }
}
