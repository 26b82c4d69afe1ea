import type { Task } from '../../../../shared/tasks.ts';
import { TaskInitial } from './task-initial.tsx';

/**
 * One of my tasks at a glance: its initial, title and the start of its description. A card
 * names it with a heading and shows two lines; a table row shows one.
 */
export function MyTaskSummary({ task, layout }: { task: Task; layout: 'card' | 'row' }) {
  const card = layout === 'card';
  const Title = card ? 'h2' : 'div';
  return (
    <div className={`flex gap-3 ${card ? 'items-start' : 'items-center'}`}>
      <TaskInitial title={task.title} />
      <div className={`min-w-0 ${card ? 'flex-1' : ''}`}>
        <Title className="font-semibold break-words">{task.title}</Title>
        <p
          className={`text-sm text-base-content/75 ${card ? 'mt-1 line-clamp-2 break-words' : 'line-clamp-1 break-all'}`}
        >
          {task.description}
        </p>
      </div>
    </div>
  );
}
