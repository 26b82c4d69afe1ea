/** The `?page=` (or `param`) of a screen's URL: a whole number from 1 (anything else is page 1). */
export function pageFrom(url: string, param = 'page'): number {
  const page = Number(new URL(url).searchParams.get(param));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** How many pages `total` items fill. */
export function pageCount(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}
