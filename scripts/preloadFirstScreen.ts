import type { HtmlTagDescriptor, Plugin } from 'vite';
import { chunkHolding, chunksLoadedWith } from './chunkGraph.ts';

/**
 * Index.html preloads the chunks of `modules` (dynamically imported: the console's start
 * and the login page) and their imports beside the entry's (`<link rel="modulepreload">`), so their
 * code arrives in the first round trip instead of being asked for once the entry has run. (The
 * translations cannot be: the locale is in encrypted storage; src/main.tsx asks for them first.)
 */
export function preloadFirstScreen(modules: string[]): Plugin {
  return {
    name: 'inkpress-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const files = chunksLoadedWith(
          chunks,
          modules.map((module) => {
            const chunk = chunkHolding(chunks, module);
            if (!chunk) throw new Error(`preloadFirstScreen: no chunk for ${module}`);
            return chunk;
          }),
        );
        // Their style sheets too, as the entry's own are (else asked for once the chunk is imported).
        const styles = files.flatMap((file) => [...(chunks.find((chunk) => chunk.fileName === file)?.viteMetadata?.importedCss ?? [])]);
        const tags: HtmlTagDescriptor[] = [
          ...files
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ...[...new Set(styles)]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
        return { html, tags };
      },
    },
  };
}
