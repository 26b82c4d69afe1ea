/** Questions a page on a task's page. */
export const QUESTIONS_PAGE_SIZE = 10;
