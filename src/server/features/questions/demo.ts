import { questions } from '../../platform/db/schema.ts';
import type { DemoData } from '../../platform/demo.ts';

/** Public questions on the first demo tasks and their owners' answers (null: not answered yet). */
export const DEMO_QUESTIONS: [string, string | null][] = [
  [
    'What do you mean by "a short plan"? Is a list of steps with dates enough?',
    'Yes: the steps, roughly when each is done, and what you need from me.',
  ],
  [
    'Do you already have the content, or should I write it too?',
    'The text is ready; photos still need to be chosen.',
  ],
  ['Is the deadline firm, or could it move by a few days?', null],
  ['Can I see an example of what you like?', 'I will attach two links once you bid.'],
  ['Would you accept a fixed price instead of an hourly estimate?', null],
];

/**
 * Questions on the first six tasks from people other than their owners, newest first as the
 * page shows them; most answered half an hour later (past the window for changing it).
 */
export const questionDemo: DemoData = async (tx, scene) => {
  const inserted = scene.tasks;
  const ids = scene.people.map((p) => p.id);
  const rows = inserted.slice(0, 6).flatMap((task, t) => {
    const askers = ids.filter((id) => id !== task.ownerId);
    return Array.from({ length: 1 + (t % 3) }, (_, q) => {
      const [text, answer] = DEMO_QUESTIONS[(t + q) % DEMO_QUESTIONS.length]!;
      const createdAt = new Date(task.createdAt.getTime() + (q + 1) * 45 * 60 * 1000);
      const answeredAt = answer ? new Date(createdAt.getTime() + 30 * 60 * 1000) : null;
      return {
        taskId: task.id,
        askerId: askers[(t + q) % askers.length] ?? '',
        text,
        answer,
        answeredAt,
        createdAt,
      };
    });
  });
  await tx.insert(questions).values(rows);
};
