import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { ApiPath } from '../../contract/paths';
import { ResultCode } from '../../contract/codes';
import type { OutboxMessage } from '../../contract/schemas/outbox';
import { loadConfig, type Config } from '../config';
import { DataDirLockedError, isDataDirLocked } from '../db/dataDirLock';

const HELP = `Usage: npm run outbox -- [--limit N] [--follow] [--json] [--url URL] [--token TOKEN]

Prints the latest mail and SMS the server sent, oldest of them first. With no mail or SMS
transport configured (SMTP_URL, SMS_WEBHOOK_URL), this is where verification codes are read.

Where it reads them:
  DATABASE_URL set          the PostgreSQL database, directly.
  embedded database, the server stopped
                            DATA_DIR (default ./data), directly. It holds DATA_DIR's lock for the
                            second it reads, so a server started in that second refuses to start.
  embedded database, the server running
                            The embedded database serves one process, so it asks the server:
                            GET ${ApiPath.outboxList}, as an administrator.
                            Server URL: --url, else INKPRESS_URL, else http://127.0.0.1:$PORT (8787).
                            Credentials: --token or INKPRESS_TOKEN (a session token), else it logs in
                            as ADMIN_USERNAME (admin) with ADMIN_PASSWORD, else asks for the password
                            (and the authenticator code if one is bound) and logs out when done.

Options:
  --limit N     how many messages, 1-100 (default 10)
  --follow, -f  keep printing new messages as they arrive (every 2 s) until Ctrl-C
  --json        one JSON object per message instead of text
  --url URL     the running server's address
  --token=TOKEN an administrator's session token (with '=': a token may start with '-')
  --help, -h    this text
`;

interface Options {
  limit: number;
  follow: boolean;
  json: boolean;
  url: string;
  token: string | null;
}

/** One way of reading the outbox: newest first, at most `limit`, newer than `afterId`. */
type Source = {
  kind: 'database' | 'http';
  read(limit: number, afterId?: number): Promise<OutboxMessage[]>;
  close(): Promise<void>;
};

class CliError extends Error {}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv, config: Config): Options | null {
  const parse = () =>
    parseArgs({
      args: argv,
      options: {
        limit: { type: 'string', short: 'n' },
        follow: { type: 'boolean', short: 'f' },
        json: { type: 'boolean' },
        url: { type: 'string' },
        token: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse().values;
  } catch (error) {
    throw new CliError(`${(error as Error).message} (see --help)`);
  }
  if (values.help) return null;
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new CliError(`--limit must be a whole number from 1 to 100, got "${values.limit}"`);
  return {
    limit,
    follow: values.follow ?? false,
    json: values.json ?? false,
    url: (values.url ?? env.INKPRESS_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, ''),
    token: values.token ?? env.INKPRESS_TOKEN ?? null,
  };
}

async function databaseSource(config: Config): Promise<Source> {
  // Loaded only here: asking a running server needs none of the database code.
  const [{ openDatabase }, { readOutbox }, { toOutboxMessage }] = await Promise.all([
    import('../db/connection'),
    import('../domain/support/outbox'),
    import('../http/routes/outbox'),
  ]);
  const database = await openDatabase(config);
  return {
    kind: 'database',
    async read(limit, afterId) {
      return (await readOutbox(database.db, { limit, afterId })).list.map(toOutboxMessage);
    },
    close: () => database.close(),
  };
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function request<T>(url: string, init: RequestInit): Promise<Envelope<T>> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    throw new CliError(
      `Cannot reach the server at ${new URL(url).origin} (${(error as Error).cause ?? (error as Error).message}). Is it running there? Use --url.`,
    );
  }
  const text = await res.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new CliError(`${new URL(url).origin} answered HTTP ${res.status} with something that is not Inkpress: ${text.slice(0, 120)}`);
  }
}

/** Reads a line from the terminal; hidden input for secrets. */
function ask(question: string, hidden: boolean): Promise<string> {
  if (!process.stdin.isTTY) throw new CliError('No terminal to ask for credentials: pass --token, or set ADMIN_PASSWORD.');
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const output = rl as unknown as { _writeToOutput(text: string): void };
  if (hidden) {
    const write = output._writeToOutput.bind(rl);
    output._writeToOutput = (text: string) => write(text.startsWith(question) ? text : '');
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stderr.write('\n');
      resolve(answer);
    }),
  );
}

async function logIn(url: string, config: Config): Promise<string> {
  const username = config.adminUsername;
  const password = config.adminPassword ?? (await ask(`Password of "${username}" on ${url}: `, true));
  let res = await request<{ token: string }>(url + ApiPath.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.code === ResultCode.SECOND_FACTOR_REQUIRED) {
    const code = await ask('Authenticator code: ', false);
    res = await request(url + ApiPath.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, google_code: code.trim() }),
    });
  }
  if (res.code !== ResultCode.SUCCESS) throw new CliError(`Login as "${username}" failed: ${res.msg}`);
  return res.data.token;
}

async function httpSource(options: Options, config: Config): Promise<Source> {
  const ownSession = !options.token;
  const token = options.token ?? (await logIn(options.url, config));
  const headers = { authorization: `Bearer ${token}` };
  return {
    kind: 'http',
    async read(limit, afterId) {
      const query = new URLSearchParams({ page_size: String(limit), ...(afterId === undefined ? {} : { after_id: String(afterId) }) });
      const res = await request<{ list: OutboxMessage[] }>(`${options.url}${ApiPath.outboxList}?${query}`, { headers });
      if (res.code !== ResultCode.SUCCESS) throw new CliError(`The server refused to list the outbox: ${res.msg} (code ${res.code})`);
      return res.data.list;
    },
    async close() {
      if (ownSession) await request(options.url + ApiPath.logout, { method: 'POST', headers }).catch(() => {});
    },
  };
}

function print(messages: OutboxMessage[], json: boolean) {
  for (const m of [...messages].reverse()) {
    if (json) {
      console.log(JSON.stringify(m));
      continue;
    }
    console.log(`#${m.id}  ${m.created_at}  ${m.channel} to ${m.recipient}  (via ${m.delivered_via})`);
    if (m.subject) console.log(`    Subject: ${m.subject}`);
    for (const line of m.body.split('\n')) console.log(`    ${line}`);
    console.log('');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const options = parseOptions(argv, process.env, config);
  if (!options) {
    process.stdout.write(HELP);
    return 0;
  }
  const embedded = !config.databaseUrl;
  if (embedded && !fs.existsSync(path.join(config.dataDir, 'pg')) && !(await isDataDirLocked(config.dataDir))) {
    throw new CliError(`There is no embedded database in ${config.dataDir} yet: start the server once (npm start), or set DATA_DIR.`);
  }

  let source: Source | null = null;
  let afterId = 0;
  const read = async (src: Source, first: boolean) => {
    const messages = await src.read(options.limit, first ? undefined : afterId);
    if (first && messages.length === 0 && !options.json) console.log('The outbox is empty.');
    print(messages, options.json);
    afterId = Math.max(afterId, ...messages.map((m) => m.id));
  };

  try {
    if (!embedded || !(await isDataDirLocked(config.dataDir))) {
      try {
        source = await databaseSource(config);
      } catch (error) {
        // A server took DATA_DIR between the check and the open: ask it instead.
        if (!(error instanceof DataDirLockedError)) throw error;
      }
    }
    source ??= await httpSource(options, config);
    await read(source, true);
    if (!options.follow) return 0;

    // While following, the embedded database is let go so a server can start: new mail can only
    // come from a running server, which is then asked over HTTP.
    if (embedded && source.kind === 'database') {
      await source.close();
      source = null;
    }
    for (;;) {
      await sleep(2000);
      if (!source) {
        if (!(await isDataDirLocked(config.dataDir))) continue;
        source = await httpSource(options, config);
      }
      try {
        await read(source, false);
      } catch (error) {
        // The server stopped: wait for the next one.
        if (!(error instanceof CliError) || !embedded || (await isDataDirLocked(config.dataDir))) throw error;
        await source.close();
        source = null;
      }
    }
  } finally {
    await source?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error instanceof CliError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  },
);
