import { confLatencies, restingWorst } from '../tests/server/confLatency';
import { ARTICLE_BODY_MAX, pathologicalTexts } from '../tests/server/pathologicalTexts';
import { loginAdmin, ms, spawnServer, tempDataDir, type BenchRow, type BenchSection } from './lib';

/**
 * `npm run bench -- pathologicalText`: the server as its own process, as a client sees it. Each
 * pathological text at the body limit (500,000 characters) saved as an article; meanwhile
 * `GET /api/public/conf` asked again and again, its slowest answer the figure (goal: 100 ms).
 */
export const pathologicalText: BenchSection = {
  name: 'pathologicalText',
  title: 'Pathological article bodies at the body limit: save time, and the slowest concurrent GET /api/public/conf (goal 100 ms)',
  async run(log) {
    const server = await spawnServer({ dataDir: tempDataDir(), env: { WORKERS: '0' } });
    try {
      const token = await loginAdmin(server.url);
      const save = (body: string) =>
        fetch(`${server.url}/api/v1/article/add`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        }).then(async (res) => ({ status: res.status, text: await res.text() }));
      // A first article starts the text thread (from the sources: bundled first), as a running server has.
      await save(JSON.stringify({ title: 'First', body: '<p>The first article.</p>' }));
      const resting = await restingWorst(server.url, 50);
      const rows: BenchRow[] = [{ what: 'GET /api/public/conf at rest, slowest of 50', value: ms(resting) }];
      for (const shape of pathologicalTexts(ARTICLE_BODY_MAX)) {
        const body = JSON.stringify({ title: shape.name, body: shape.text, format: shape.format });
        const started = performance.now();
        const saved = save(body);
        const { worst } = await confLatencies(server.url, saved);
        const { status, text } = await saved;
        const took = performance.now() - started;
        const { code, msg } = JSON.parse(text) as { code: number; msg: string };
        log(`${shape.name}: ${status} ${code} ${code === 200 ? '' : msg}`);
        rows.push({
          what: `${shape.name} (${shape.format})`,
          value: ms(took),
          note: `${code === 200 ? 'saved' : `refused ${code}`}; conf meanwhile at most ${ms(worst)}`,
        });
      }
      return rows;
    } finally {
      await server.stop();
    }
  },
};
