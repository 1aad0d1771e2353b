import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Fails on a circle of imports in the product's code. Every import counts, a type import too: a
 * circle closed by one still ties the files together for whoever reads or moves them.
 */

const roots = ['src', 'server', 'contract'];
const sourceFile = /\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(at);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [at] : [];
  });
}

/** The file a relative specifier names, as the bundler and tsx resolve it; null for a package or a non-code file. */
function resolve(from: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.join(path.dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    base.replace(/\.js$/, '.ts'),
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((c) => known.has(c)) ?? null;
}

export function importGraph(dirs: string[]): Map<string, string[]> {
  const files = dirs.filter((d) => fs.existsSync(d)).flatMap(filesUnder);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // Static and type imports and re-exports alike. A dynamic `import()` is left out: it is how a
    // page table loads its pages lazily, and a module loaded later cannot be half-evaluated now.
    const text = fs.readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles
      .filter((i) => !/import\s*\(\s*$/.test(text.slice(Math.max(0, i.pos - 40), i.pos)))
      .map((i) => resolve(file, i.fileName, known))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each circle as one path through it, back to its start (Tarjan's strongly connected components). */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.add(member);
    } while (member !== node);
    if (component.size > 1 || graph.get(node)?.includes(node)) found.push(pathBack(graph, node, component));
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest path from `start` back to itself inside its component. */
function pathBack(graph: Map<string, string[]>, start: string, component: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const route = [node];
        while (route[0] !== start) route.unshift(cameFrom.get(route[0])!);
        return [...route, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const found = circles(importGraph(roots));
  for (const circle of found) console.error(`Import circle: ${circle.join(' → ')}`);
  if (found.length) {
    console.error(`${found.length} import circle(s) in ${roots.join(', ')}: break each (move the shared piece to its own file).`);
    process.exit(1);
  }
}
