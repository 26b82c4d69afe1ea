/**
 * Writes a large first-version export for timing `npm run import`: tasks one document a line
 * in relaxed Extended JSON (as `mongoexport` writes by default), bids as one array in canonical
 * Extended JSON, with the spellings the import reads (`name` for title, `price` as
 * "$1,234.50", lower-case categories, ISO dates with offsets). Deterministic for a given size.
 *
 *   node bench/import-export.ts --tasks 100000 --bids 300000 --out /tmp/export
 *   npm run import -- --tasks /tmp/export/tasks.json --bids /tmp/export/bids.json
 */
import { once } from 'node:events';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORIES, PRIORITIES } from '../src/shared/constants.ts';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '100000' },
    bids: { type: 'string', default: '300000' },
    out: { type: 'string', default: 'bench/out' },
  },
});
const TASKS = Number(values.tasks);
const BIDS = Number(values.bids);
const PEOPLE = Math.max(20, Math.round(TASKS / 50));
const BASE_SECONDS = 1_650_000_000;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
/** An ObjectId whose time is `seconds` and whose counter is `n` (a kind digit keeps kinds apart). */
const objectId = (seconds: number, kind: number, n: number) =>
  `${hex(seconds, 8)}${hex(kind, 4)}${hex(n, 12)}`;
const person = (n: number) => ({ email: `person${n}@example.com`, name: `Person ${n}` });
const money = (n: number) => {
  const cents = 5000 + ((n * 7919) % 500_000);
  return {
    dollars: cents / 100,
    text: `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  };
};
const day = (n: number) =>
  new Date(Date.UTC(2030, 0, 1) + (n % 900) * 86_400_000).toISOString().slice(0, 10);
const STATUSES = ['Not Started', 'open', 'On Hold', 'In Progress', 'Completed'];

async function write(stream: WriteStream, text: string) {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function main() {
  mkdirSync(values.out, { recursive: true });
  const tasks = createWriteStream(join(values.out, 'tasks.json'));
  const owners: number[] = [];
  for (let i = 0; i < TASKS; i++) {
    const owner = i % PEOPLE;
    owners.push(owner);
    const who = person(owner);
    const price = money(i);
    const doc: Record<string, unknown> = {
      _id: { $oid: objectId(BASE_SECONDS + i * 60, 1, i) },
      [i % 5 === 0 ? 'name' : 'title']:
        `Task ${i}: ${['Build', 'Design', 'Write', 'Plan'][i % 4]} something useful`,
      description: `Description of task ${i}. `.repeat(1 + (i % 8)),
      category:
        i % 3 === 0
          ? CATEGORIES[i % CATEGORIES.length]!.toLowerCase()
          : CATEGORIES[i % CATEGORIES.length],
      priority: PRIORITIES[i % PRIORITIES.length],
      deadline: i % 2 === 0 ? day(i) : `${day(i)}T12:00:00+02:00`,
      ...(i % 4 === 0 ? { price: price.text } : { budget: price.dollars }),
      estimatedTime: (i % 40) / 2,
      status: STATUSES[i % STATUSES.length],
      userEmail: who.email,
      userName: who.name,
      location: i % 2 === 0 ? 'Remote' : `City ${i % 50}`,
      ...(i % 5 >= 3
        ? {
            assignedTo:
              i % 2 === 0 ? person((owner + 1) % PEOPLE).email : person((owner + 1) % PEOPLE).name,
          }
        : {}),
      ...(i % 10 === 0 ? { imageUrl: `https://img.example/${i}.png` } : {}),
      ...(i % 2 === 0
        ? { createdAt: { $date: new Date((BASE_SECONDS + i * 60) * 1000).toISOString() } }
        : {}),
    };
    await write(tasks, `${JSON.stringify(doc)}\n`);
  }
  tasks.end();
  await once(tasks, 'finish');

  // Bids: every bidder is someone other than the owner; an In Progress or Completed task's
  // assignee is its first bidder.
  const bids = createWriteStream(join(values.out, 'bids.json'));
  await write(bids, '[');
  for (let j = 0; j < BIDS; j++) {
    const task = j % TASKS;
    const round = Math.floor(j / TASKS);
    const bidder = (owners[task]! + 1 + round) % PEOPLE;
    const who = person(bidder);
    const seconds = BASE_SECONDS + task * 60 + 3600 + round * 60;
    const doc = {
      _id: { $oid: objectId(seconds, 2, j) },
      taskId: { $oid: objectId(BASE_SECONDS + task * 60, 1, task) },
      userEmail: who.email,
      userName: who.name,
      amount: { $numberDouble: String(money(j).dollars) },
      deadline: day(task + 10),
      timestamp: { $date: { $numberLong: String(seconds * 1000) } },
      ...(j % 3 === 0 ? { message: `I can do task ${task}.` } : {}),
    };
    await write(bids, `${j === 0 ? '' : ',\n'}${JSON.stringify(doc)}`);
  }
  await write(bids, ']\n');
  bids.end();
  await once(bids, 'finish');
  process.stdout.write(
    `Wrote ${TASKS} tasks and ${BIDS} bids (${PEOPLE} people) to ${values.out}\n`,
  );
}

await main();
