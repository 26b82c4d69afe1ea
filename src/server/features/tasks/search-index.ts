import type { EventBus } from '../../platform/events/bus.ts';
import type { PageParams } from '../../platform/db/paging.ts';
import type { TaskFilters } from './query.ts';

/**
 * A page of a list as a search engine answers it: the ids of its tasks in the sort's order,
 * and how many tasks match. `totalExact: false` means at least `total` match (browse's
 * "1,000+": the count stops at `countCap`).
 */
export interface SearchAnswer {
  ids: string[];
  total: number;
  totalExact?: false;
}

/**
 * What browse, search and an owner's own list ask of a search engine (decision 1810): the
 * filters (`taskWhere` is their meaning), the sort (`taskOrder`) and a page, answered with
 * ids; the task repository then reads those rows by id. PostgreSQL is the one implementation
 * (`postgres-search.ts`, the table is its own index); an engine kept beside it (OpenSearch)
 * would be fed from the task events and must pass `search-index.contract.ts`.
 */
export interface SearchIndex {
  search(filters: TaskFilters, page: PageParams): Promise<SearchAnswer>;
  /**
   * The task was created, edited, moved along its lifecycle, moderated or deleted
   * (`task.changed` carries its id only): read it again, or drop it when it is gone.
   */
  taskChanged(taskId: string): Promise<void>;
}

/** Keeps an index current from the bus, on every instance; returns the unsubscribe. */
export function followTaskEvents(events: Pick<EventBus, 'subscribe'>, index: SearchIndex) {
  return events.subscribe((event) => {
    if (event.type === 'task.changed') void index.taskChanged(event.taskId);
  });
}
