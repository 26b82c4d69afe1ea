import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { expect, it } from 'vitest';

const SERVER = 'src/server';

/** Every module of the server (tests aside) and the server modules it imports for their values. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of files) {
    const path = join(SERVER, file);
    const source = readFileSync(path, 'utf8');
    // `import type` and `export type` vanish from the built code: they make no circle.
    const specifiers = [
      ...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gms),
    ].map((match) => normalize(join(dirname(path), match[1]!)));
    graph.set(
      path,
      specifiers.filter((target) => target.startsWith(`${SERVER}/`)),
    );
  }
  return graph;
}

/** A circle of imports, as the chain of modules from one back to itself, or null. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const chain: string[] = [];
  const visit = (module: string): string[] | null => {
    const at = chain.indexOf(module);
    if (at >= 0) return [...chain.slice(at), module];
    if (done.has(module) || !graph.has(module)) return null;
    chain.push(module);
    for (const target of graph.get(module)!) {
      const circle = visit(target);
      if (circle) return circle;
    }
    chain.pop();
    done.add(module);
    return null;
  };
  for (const module of graph.keys()) {
    const circle = visit(module);
    if (circle) return circle;
  }
  return null;
}

it('the server imports in one direction: no module reaches itself through its imports', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(100);
  expect(findCircle(graph)?.join(' → ') ?? null).toBeNull();
});

it('the check finds a circle when there is one', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
  ]);
  expect(findCircle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
});
