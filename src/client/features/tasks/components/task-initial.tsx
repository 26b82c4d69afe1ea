/** The first-letter avatar of a task in my list. */
export function TaskInitial({ title }: { title: string }) {
  const initial = (title.trim()[0] ?? 'T').toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-lg font-semibold text-primary"
    >
      {initial}
    </span>
  );
}
