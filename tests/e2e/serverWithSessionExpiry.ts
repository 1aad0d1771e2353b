import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { findAccountByUsername } from '../../server/db/accounts';
import { sessions } from '../../server/db/schema';
import { startServer } from '../../server/server';
import { stopOnSignals } from '../../server/stopOnSignals';

/** What the test asks of this server: that an account's sessions be expired now. */
export interface ExpireSessions {
  expireSessionsOf: string;
}

/**
 * The real server, started as server/main.ts starts it, for tests of what a user sees when their
 * session expires: asked by its parent process ({ expireSessionsOf: username }), it makes that
 * account's sessions unused for longer than SESSION_TTL, as if that time had passed, and answers
 * { expired: count } once the sessions are so. The test waits for that, not for the time itself,
 * and its SESSION_TTL can be longer than any step of it on a loaded machine.
 */
async function main() {
  const config = loadConfig();
  const signals = stopOnSignals();
  // As main.ts: its routes compiled soon after it listens, before the console calls them.
  const server = await startServer(config, { compileAfterListen: true });
  const { db } = server.app.ctx;
  // Where it listens, as main.ts says it: the test started it on any free port.
  console.log(`Inkpress is running at http://localhost:${new URL(server.url).port}`);
  process.on('message', (message: ExpireSessions) => {
    void (async () => {
      const account = await findAccountByUsername(db, message.expireSessionsOf);
      const lastUsedAt = new Date(server.app.ctx.now().getTime() - (config.sessionTtl + 1) * 1000);
      const expired = account
        ? await db.update(sessions).set({ lastUsedAt }).where(eq(sessions.accountId, account.id)).returning({ id: sessions.id })
        : [];
      process.send?.({ expired: expired.length });
    })();
  });
  signals.started(() => server.close());
}

main().catch((error: Error) => {
  console.error(`\n  Inkpress could not start: ${error.message}\n`);
  process.exit(1);
});
