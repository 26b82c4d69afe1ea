/** The snapshot's fields worth reading, in this order, with their labels (ids are left out). */
const FIELDS: readonly [string, string][] = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['question', 'Question'],
  ['answer', 'Answer'],
  ['text', 'Text'],
  ['message', 'Message'],
  ['body', 'Message'],
  ['amount', 'Amount'],
  ['rating', 'Rating'],
  ['comment', 'Comment'],
  ['name', 'Name'],
  ['headline', 'Headline'],
  ['bio', 'About'],
  ['location', 'Location'],
  ['skills', 'Skills'],
];

function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
}

/** What the reported thing said when it was first reported (later edits do not change it). */
export function ReportSnapshot({ snapshot }: { snapshot: Record<string, unknown> }) {
  const shown = FIELDS.map(([key, label]) => [label, asText(snapshot[key])] as const).filter(
    ([, text]) => text.trim() !== '',
  );
  if (shown.length === 0) return <p className="text-sm text-base-content/70">Nothing was kept.</p>;
  return (
    <dl className="flex flex-col gap-2 rounded-box bg-base-200 p-3 text-sm">
      {shown.map(([label, text]) => (
        <div key={label}>
          <dt className="font-medium text-base-content/75">{label}</dt>
          <dd dir="auto" className="whitespace-pre-wrap break-words">
            {text}
          </dd>
        </div>
      ))}
    </dl>
  );
}
