import { liveFeed, type Feature } from '../../platform/feature.ts';
import './events.ts';
import { questionPersonalData } from './personal-data.ts';
import { questionRoutes } from './routes.ts';
import { questionDemo } from './demo.ts';

export { createQuestionRepository } from './repository.ts';

/** Public questions on a task and the owner's answers. */
export const questionsFeature: Feature = {
  name: 'questions',
  routes: questionRoutes,
  live: [
    liveFeed({
      event: 'question.changed',
      stream: 'task',
      // A hidden question's id reaches only those who may see it (decision 1402).
      send: (e) => [
        {
          key: e.taskId,
          event: 'question',
          data: { questionId: e.questionId },
          ...(e.onlyFor ? { onlyFor: e.onlyFor } : {}),
        },
      ],
    }),
  ],
  personalData: questionPersonalData,
  notificationKinds: ['question.asked', 'question.answered'],
  demo: questionDemo,
};
