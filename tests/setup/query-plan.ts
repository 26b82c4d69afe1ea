import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(walk)];
}

/** Every node of the plan the planner chooses for `query` (no enable_* switches). */
export async function planNodes(db: Db, query: SQLWrapper): Promise<PlanNode[]> {
  const res = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const raw = res.rows[0]!['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return walk(doc[0]!.Plan);
}

/** The sequential scans of `table` in a plan. */
export const seqScansOf = (nodes: PlanNode[], table: string) =>
  nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table);

/** The indexes a plan reads. */
export const indexesUsed = (nodes: PlanNode[]) =>
  new Set(nodes.map((n) => n['Index Name']).filter(Boolean));
