import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileImportRecord } from '../../tests/factories/fuzz.ts';
import { importFiles } from '../../tests/factories/imports.ts';
import { useTestApp } from '../../tests/setup/test-app.ts';

const GOOD = JSON.stringify({
  _id: { $oid: '65a0c5000000000000000001' },
  title: 'A good task',
  description: 'Something to do.',
  category: 'Writing',
  deadline: '2030-01-01',
  userEmail: 'good-owner@example.com',
});

describe('import: generated hostile records', () => {
  const t = useTestApp();

  it('never stops a run: each record is imported or rejected with a reason, the good one imported', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileImportRecord, { minLength: 1, maxLength: 12 }),
        async (lines) => {
          const folder = mkdtempSync(join(tmpdir(), 'taskbid-import-fuzz-'));
          const tasksFile = join(folder, 'tasks.jsonl');
          writeFileSync(tasksFile, [...lines, GOOD].join('\n'));
          const run = await importFiles(t.app.database.db, {
            tasksFile,
            bidsFile: null,
            dryRun: true,
          });
          const { imported, skipped, rejected } = run.plan.counts.tasks;
          expect(imported).toBeGreaterThanOrEqual(1);
          expect(imported + skipped + rejected).toBe(lines.length + 1);
          for (const reject of run.plan.rejects) expect(reject.reason).toEqual(expect.any(String));
        },
      ),
      { numRuns: 40 },
    );
  });
});
