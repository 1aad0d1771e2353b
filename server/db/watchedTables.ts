import type { WriteWatch } from './writeWatch';

/**
 * On PostgreSQL, the writes of every process to the tables the in-process caches are made of
 * (sessions, accounts, roles, keys, menus, access entries) are announced on this channel by a
 * statement trigger (migration 0018), delivered when the writing transaction commits.
 */
export const WRITES_CHANNEL = 'inkpress_watched_writes';

const RECONNECT_MS = 1000;

/**
 * Listens for those announcements on a connection of its own and counts each one on `watch`.
 * The watch is blind until the listener is connected, and again from the moment its connection is
 * lost until it is back (then it tries every second): an announcement missed meanwhile cannot
 * leave a stale entry, since nothing is kept while blind.
 */
export async function listenForWrites(url: string, watch: WriteWatch, options: string): Promise<{ close(): Promise<void> }> {
  const { Client } = await import('pg');
  let closed = false;
  let client: InstanceType<typeof Client> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    retry = null;
    if (closed) return;
    const c = new Client({ connectionString: url, options });
    const lost = () => {
      if (client !== c) return;
      client = null;
      watch.setSighted(false);
      void c.end().catch(() => {});
      if (!closed) retry ??= setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', () => watch.changed());
    try {
      client = c;
      await c.connect();
      await c.query(`listen ${WRITES_CHANNEL}`);
      if (client === c && !closed) watch.setSighted(true);
    } catch {
      lost();
    }
  };

  watch.setSighted(false);
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      watch.setSighted(false);
      await c?.end().catch(() => {});
    },
  };
}
