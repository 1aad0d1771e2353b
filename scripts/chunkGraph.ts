import type { Rollup } from 'vite';

/**
 * The file names of the chunks that load with `roots`: each root and, transitively, the chunks it
 * imports statically (what the browser fetches before a root's code runs), roots first.
 */
export function chunksLoadedWith(chunks: Rollup.OutputChunk[], roots: Rollup.OutputChunk[]): string[] {
  const files: string[] = [];
  const visit = (fileName: string) => {
    if (files.includes(fileName)) return;
    files.push(fileName);
    for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root.fileName);
  return files;
}

/** The chunk that holds the module whose id ends with `module`. */
export const chunkHolding = (chunks: Rollup.OutputChunk[], module: string) =>
  chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)));
