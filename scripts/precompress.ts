import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a Brotli and a gzip copy beside every text asset of the build, so the server sends them
 * precompressed (@fastify/static `preCompressed`) at no CPU cost per request.
 */
export function precompress(): Plugin {
  return {
    name: 'inkpress-precompress',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) return;
      for (const file of walk(options.dir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
