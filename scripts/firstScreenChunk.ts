import { build, type Plugin, type Rollup, type UserConfig } from 'vite';
import { chunkHolding, chunksLoadedWith } from './chunkGraph.ts';

/**
 * The first screen in one file. Split automatically, the login page's code came in ~55
 * chunks (one for each set of lazy pages sharing a module: Chakra's box, stack, text…), and Chromium
 * fetches six at a time from one HTTP/1.1 host: its last chunk arrived ~300 ms after the first was
 * asked for. What the first screen needs, symbol by symbol, only the bundler knows once it has
 * tree-shaken; so this plugin builds once in memory with automatic chunking (~2.5 s more a build),
 * takes the modules of the chunks that `modules` (dynamically imported by the entry: the start, the
 * login page) load with their static imports, and groups exactly those into one chunk in the real
 * build. The other pages stay lazy chunks and import what they share with the first screen from it.
 *
 * What the entry loads itself stays in the entry's chunk: it stays small and runs at once, asking
 * for the translations while this chunk arrives (src/main.tsx). Hence no dependencies captured
 * recursively: with them the group took the entry's modules too, and what the modules it captured
 * import but the first screen never runs (Chakra's whole recipe set): 215.8 kB gzipped against
 * 197.8 kB. No cycle follows: the entry imports this chunk only dynamically.
 */
export function firstScreenChunk(modules: string[]): Plugin {
  const plugin: Plugin = {
    name: 'inkpress-first-screen-chunk',
    apply: 'build',
    async config(config) {
      const members = await firstScreenModules(config, modules, plugin);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: { groups: [{ name: 'first', test: (id: string) => members.has(id), includeDependenciesRecursively: false }] },
            },
          },
        },
      };
    },
  };
  return plugin;
}

/** The ids of the modules in the chunks the first screen loads, in a build with automatic chunking. */
async function firstScreenModules(config: UserConfig, modules: string[], self: Plugin): Promise<Set<string>> {
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    plugins: (config.plugins ?? []).filter((plugin) => plugin !== self),
    build: { ...config.build, write: false, minify: false },
  });
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((result) => (result as Rollup.RollupOutput).output)
    .flatMap((file) => (file.type === 'chunk' ? [file] : []));
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const modulesOf = (roots: Rollup.OutputChunk[]) =>
    new Set(chunksLoadedWith(chunks, roots).flatMap((fileName) => byName.get(fileName)?.moduleIds ?? []));
  const entry = modulesOf(chunks.filter((chunk) => chunk.isEntry));
  const loaded = modulesOf(modules.flatMap((module) => chunkHolding(chunks, module) ?? []));
  const members = new Set([...loaded].filter((id) => !entry.has(id)));
  if (!modules.every((module) => [...members].some((id) => id.endsWith(module))))
    throw new Error(`firstScreenChunk: no chunk holds ${modules.join(', ')}`);
  return members;
}
