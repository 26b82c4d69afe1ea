/**
 * The import graph of a folder's non-test modules: its circles and its longest chain of
 * imports ("floors"). Usage: node scripts/import-graph.ts [folder, default src/server]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SPECIFIER = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+\.tsx?)['"]/g;

function modules(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return modules(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each module's imports that stay inside `folder`, type-only imports included. */
export function importGraph(folder: string): Map<string, string[]> {
  const root = resolve(folder);
  const files = modules(root);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(SPECIFIER)]
        .map((m) => resolve(dirname(file), m[1]!))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The circles of the graph (each as the list of modules around it), found by a DFS. */
export function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

/** The longest chain of imports, circles cut where they close. */
export function longestChain(graph: Map<string, string[]>): string[] {
  const memo = new Map<string, string[]>();
  const onPath = new Set<string>();
  const chainFrom = (node: string): string[] => {
    const known = memo.get(node);
    if (known) return known;
    onPath.add(node);
    let best: string[] = [];
    for (const next of graph.get(node) ?? []) {
      if (onPath.has(next)) continue;
      const chain = chainFrom(next);
      if (chain.length > best.length) best = chain;
    }
    onPath.delete(node);
    const chain = [node, ...best];
    memo.set(node, chain);
    return chain;
  };
  let longest: string[] = [];
  for (const node of graph.keys()) {
    const chain = chainFrom(node);
    if (chain.length > longest.length) longest = chain;
  }
  return longest;
}

if (import.meta.filename === process.argv[1]) {
  const folder = process.argv[2] ?? 'src/server';
  const graph = importGraph(folder);
  const name = (file: string) => relative(folder, file);
  const chain = longestChain(graph);
  process.stdout.write(`${graph.size} modules, longest chain ${chain.length} floors:\n`);
  process.stdout.write(`  ${chain.map(name).join('\n  → ')}\n`);
  const found = circles(graph);
  process.stdout.write(`${found.length} circles\n`);
  for (const circle of found) process.stdout.write(`  ${circle.map(name).join(' → ')}\n`);
}
