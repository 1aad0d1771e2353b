import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

/**
 * A real WordPress from Debian's packages (`wordpress`, `mariadb-server`, `php-fpm`, `nginx`),
 * brought up in a temporary folder with no system service: MariaDB on a Unix socket (no network),
 * PHP-FPM on a Unix socket, nginx on a free loopback port, each run directly with its own
 * configuration. WordPress is a hard-linked copy of /usr/share/wordpress with its own wp-config.php
 * (Debian's reads /etc/wordpress), installed through its own `wp_install()`, with pretty permalinks
 * (for /wp-json/) and an application password for the REST API.
 */

export const BINARIES = {
  mariadbd: '/usr/sbin/mariadbd',
  installDb: '/usr/bin/mariadb-install-db',
  mariadb: '/usr/bin/mariadb',
  phpFpm: '/usr/sbin/php-fpm8.2',
  php: '/usr/bin/php',
  nginx: '/usr/sbin/nginx',
  wordpress: '/usr/share/wordpress/wp-load.php',
};
export const DEBIAN_PACKAGES = 'wordpress mariadb-server php-fpm php-mysql php-xml nginx';

export interface WordPressStack {
  url: string;
  username: string;
  /** The login password (for wp-login.php). */
  password: string;
  /** The application password for the REST API (Basic auth). */
  appPassword: string;
  dir: string;
  /** Runs PHP in WordPress's folder (as its host); `code` is a PHP file's body: `require 'wp-load.php';` loads WordPress. */
  php(code: string): string;
  /** Stops PHP-FPM (nginx then answers 502) until `startPhp`. */
  stopPhp(): Promise<void>;
  startPhp(): Promise<void>;
  close(): Promise<void>;
}

/** The missing binaries, named for the Debian packages that ship them. */
export function missingBinaries(): string[] {
  return Object.values(BINARIES).filter((file) => !fs.existsSync(file));
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, log?: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) {
      const tail = log && fs.existsSync(log) ? `\n--- ${log}\n${fs.readFileSync(log, 'utf8').slice(-2000)}` : '';
      throw new Error(`${what} did not start within ${timeoutMs / 1000} s${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function daemon(command: string, args: string[], log: string): ChildProcess {
  const out = fs.openSync(log, 'a');
  const child = spawn(command, args, { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}

function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Registers, for posts in the REST API, the meta fields Yoast SEO (SEO title, description, focus
 * keyword, canonical) and Rank Math (the same four) keep, as those plugins do for their editors:
 * single strings an editor of the post may write, so the suite sees them written and read back.
 */
const SEO_FIELDS_PLUGIN = `<?php
/*
 * Plugin Name: Inkpress test SEO fields
 * Description: The SEO meta fields of Yoast SEO and Rank Math, shown in the REST API.
 */
add_action('init', function () {
  $fields = [
    '_yoast_wpseo_title', '_yoast_wpseo_metadesc', '_yoast_wpseo_focuskw', '_yoast_wpseo_canonical',
    'rank_math_title', 'rank_math_description', 'rank_math_focus_keyword', 'rank_math_canonical_url',
  ];
  foreach ($fields as $key) {
    register_post_meta('post', $key, [
      'type' => 'string',
      'single' => true,
      'show_in_rest' => true,
      'auth_callback' => function ($allowed, $meta_key, $post_id) {
        return current_user_can('edit_post', $post_id);
      },
    ]);
  }
});
`;

export async function startWordPress(): Promise<WordPressStack> {
  const missing = missingBinaries();
  if (missing.length) throw new Error(`missing ${missing.join(', ')}: install Debian's ${DEBIAN_PACKAGES}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-wp-'));
  const root = isRoot();
  const children: ChildProcess[] = [];
  let fpm: ChildProcess | null = null;
  const sock = path.join(dir, 'mysql.sock');
  const fpmSock = path.join(dir, 'php-fpm.sock');
  const docroot = path.join(dir, 'wp');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const username = 'admin';
  const password = 'inkpress-admin-password-1';

  const close = async () => {
    await stop(fpm);
    for (const child of children.reverse()) await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // MariaDB: a fresh data directory, no grant tables (only this process's socket reaches it), little memory.
    const data = path.join(dir, 'db');
    execFileSync(
      BINARIES.installDb,
      [
        '--no-defaults',
        `--datadir=${data}`,
        ...(root ? ['--user=root'] : []),
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ],
      { stdio: 'ignore' },
    );
    children.push(
      daemon(
        BINARIES.mariadbd,
        [
          '--no-defaults',
          `--datadir=${data}`,
          `--socket=${sock}`,
          `--pid-file=${path.join(dir, 'mariadb.pid')}`,
          '--skip-networking',
          '--skip-grant-tables',
          '--innodb-buffer-pool-size=16M',
          '--innodb-log-file-size=8M',
          '--skip-log-bin',
          ...(root ? ['--user=root'] : []),
        ],
        path.join(dir, 'mariadb.log'),
      ),
    );
    await waitUntil('MariaDB', () => fs.existsSync(sock), 30_000, path.join(dir, 'mariadb.log'));
    execFileSync(BINARIES.mariadb, ['--no-defaults', `--socket=${sock}`, '-e', 'CREATE DATABASE wordpress CHARACTER SET utf8mb4'], {
      stdio: 'ignore',
    });

    // WordPress: hard links of Debian's files (PHP resolves a symlink's real path, a hard link it cannot), its own wp-config.php.
    execFileSync('cp', ['-al', '/usr/share/wordpress', docroot]);
    fs.rmSync(path.join(docroot, 'wp-config.php'));
    fs.rmSync(path.join(docroot, '.htaccess'), { force: true });
    fs.mkdirSync(path.join(docroot, 'wp-content', 'uploads'), { recursive: true });
    // The tests' must-use plugin: the SEO fields as Yoast SEO and Rank Math register them (neither is in Debian).
    fs.mkdirSync(path.join(docroot, 'wp-content', 'mu-plugins'), { recursive: true });
    fs.writeFileSync(path.join(docroot, 'wp-content', 'mu-plugins', 'inkpress-seo-fields.php'), SEO_FIELDS_PLUGIN);
    fs.writeFileSync(
      path.join(docroot, 'wp-config.php'),
      `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', ${quote(`localhost:${sock}`)});
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'].map((k) => `define('${k}', ${quote(`${k}-${dir}`)});`).join('\n')}
$table_prefix = 'wp_';
define('WP_HOME', ${quote(url)});
define('WP_SITEURL', ${quote(url)});
/* Application passwords over plain HTTP: only on a "local" site. */
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_DEBUG', false);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('FS_METHOD', 'direct');
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );

    // PHP-FPM on a socket: two workers.
    const fpmConf = path.join(dir, 'php-fpm.conf');
    fs.writeFileSync(
      fpmConf,
      `[global]
pid = ${path.join(dir, 'php-fpm.pid')}
error_log = ${path.join(dir, 'php-fpm.log')}
daemonize = no
[wp]
${root ? 'user = root\ngroup = root\n' : ''}listen = ${fpmSock}
pm = static
pm.max_children = 2
clear_env = yes
catch_workers_output = yes
php_admin_value[upload_max_filesize] = 20M
php_admin_value[post_max_size] = 20M
php_admin_value[memory_limit] = 256M
`,
    );
    const startPhp = async () => {
      fs.rmSync(fpmSock, { force: true });
      fpm = daemon(BINARIES.phpFpm, [...(root ? ['-R'] : []), '-F', '-y', fpmConf], path.join(dir, 'php-fpm.log'));
      await waitUntil('PHP-FPM', () => fs.existsSync(fpmSock), 20_000, path.join(dir, 'php-fpm.log'));
    };
    await startPhp();

    // nginx on loopback.
    for (const temp of ['body', 'fastcgi', 'proxy', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, 'nginx', temp), { recursive: true });
    const nginxConf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      nginxConf,
      `${root ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_max_body_size 20m;
  client_body_temp_path ${path.join(dir, 'nginx', 'body')};
  fastcgi_temp_path ${path.join(dir, 'nginx', 'fastcgi')};
  proxy_temp_path ${path.join(dir, 'nginx', 'proxy')};
  uwsgi_temp_path ${path.join(dir, 'nginx', 'uwsgi')};
  scgi_temp_path ${path.join(dir, 'nginx', 'scgi')};
  server {
    listen 127.0.0.1:${port};
    server_name 127.0.0.1;
    root ${docroot};
    index index.php;
    location / { try_files $uri $uri/ /index.php?$args; }
    location ~ \\.php$ {
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
      fastcgi_param HTTP_AUTHORIZATION $http_authorization;
      fastcgi_pass unix:${fpmSock};
    }
  }
}
`,
    );
    children.push(
      daemon(BINARIES.nginx, ['-p', dir, '-c', nginxConf, '-e', path.join(dir, 'nginx-error.log')], path.join(dir, 'nginx.log')),
    );
    await waitUntil('nginx', async () => (await fetch(`${url}/readme.html`)).status === 200, 20_000, path.join(dir, 'nginx-error.log'));

    const php = (code: string) => {
      const file = path.join(dir, `run-${Date.now()}-${Math.random().toString(36).slice(2)}.php`);
      fs.writeFileSync(
        file,
        `<?php\n$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';\n$_SERVER['SERVER_NAME'] = '127.0.0.1';\n$_SERVER['REQUEST_URI'] = '/';\n${code}\n`,
      );
      try {
        return execFileSync(BINARIES.php, [file], { cwd: docroot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } finally {
        fs.rmSync(file, { force: true });
      }
    };

    // The install, pretty permalinks (the REST API at /wp-json/), and an application password.
    const appPassword = php(`
define('WP_INSTALLING', true);
require ${quote(path.join(docroot, 'wp-load.php'))};
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
$result = wp_install('Inkpress test blog', ${quote(username)}, 'admin@example.com', true, '', wp_slash(${quote(password)}), 'en_US');
if (empty($result['user_id'])) { fwrite(STDERR, 'install failed'); exit(1); }
global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');
flush_rewrite_rules(true);
[$plain] = WP_Application_Passwords::create_new_application_password($result['user_id'], ['name' => 'Inkpress']);
echo $plain;
`).trim();
    if (!/^[A-Za-z0-9]{24}$/.test(appPassword)) throw new Error(`No application password: ${appPassword.slice(0, 300)}`);

    return {
      url,
      username,
      password,
      appPassword,
      dir,
      php,
      stopPhp: async () => {
        await stop(fpm);
        fpm = null;
      },
      startPhp,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
