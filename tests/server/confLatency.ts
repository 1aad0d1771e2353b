import { ApiPath } from '../../contract/paths';

/**
 * The public configuration (`GET /api/public/conf`) of the server at `url`, asked one request after
 * the other until `busy` settles (at least once): its slowest answer in milliseconds, and how many
 * were asked. How long a request on a busy server waits: for the tests and `npm run bench`.
 */
export async function confLatencies(url: string, busy: Promise<unknown>): Promise<{ worst: number; count: number }> {
  let settled = false;
  void busy.then(
    () => (settled = true),
    () => (settled = true),
  );
  let worst = 0;
  let count = 0;
  do {
    const started = performance.now();
    await (await fetch(`${url}${ApiPath.publicConf}`)).arrayBuffer();
    worst = Math.max(worst, performance.now() - started);
    count++;
  } while (!settled);
  return { worst, count };
}

/** The public configuration's slowest of `count` answers at rest. */
export async function restingWorst(url: string, count: number): Promise<number> {
  let worst = 0;
  for (let i = 0; i < count; i++) worst = Math.max(worst, (await confLatencies(url, Promise.resolve())).worst);
  return worst;
}
