/** A drawn preview of a task receiving bids (decorative). */
export function HeroIllustration() {
  const bids = [
    { name: 'Maya R.', amount: '$420', width: 'w-24' },
    { name: 'Jonas K.', amount: '$385', width: 'w-20' },
    { name: 'Priya S.', amount: '$450', width: 'w-28' },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md sm:block">
      <div className="absolute -top-4 -right-4 size-40 rounded-full bg-primary/10" />
      <div className="relative rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
        <div className="flex items-center justify-between">
          <span className="badge badge-primary badge-soft">Web Development</span>
          <span className="text-sm text-base-content/70">Due in 5 days</span>
        </div>
        <p className="mt-4 text-lg font-semibold">Build a landing page for a bakery</p>
        <div className="mt-2 space-y-2">
          <div className="h-2 w-full rounded bg-base-300" />
          <div className="h-2 w-4/5 rounded bg-base-300" />
        </div>
        <p className="mt-5 mb-2 text-sm font-medium">3 bids placed</p>
        <ul className="space-y-2">
          {bids.map((bid) => (
            <li
              key={bid.name}
              className="flex items-center gap-3 rounded-field border border-base-300 px-3 py-2"
            >
              <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-content">
                {bid.name[0]}
              </span>
              <span className="text-sm">{bid.name}</span>
              <span className={`h-2 rounded bg-base-300 ${bid.width}`} />
              <span className="ml-auto text-sm font-semibold text-primary">{bid.amount}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
