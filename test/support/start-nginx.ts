import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { watch } from 'node:fs';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';

/** Where Debian's `nginx` package puts the binary (not on a non-root user's PATH). */
export const NGINX_BIN = '/usr/sbin/nginx';

/**
 * The `location` block we recommend to put Skillset behind nginx (with `skillset serve
 * --trust-proxy`): the client's address and scheme, the Host it asked for (the same-origin check
 * compares it with `Origin`, port included), and event streams passed through as they are written.
 */
export function skillsetLocationBlock(upstream: string): string {
  return `location / {
    proxy_pass http://${upstream};
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # Event streams (/api/events, MCP, chat) reach the client as they are written.
    proxy_buffering off;
    proxy_cache off;
    proxy_read_timeout 1h;
    proxy_send_timeout 1h;
    # Skill uploads: the server's own limit (32 MiB) applies.
    client_max_body_size 32m;
}`;
}

/** Options for {@link startNginx}. */
export interface StartNginxOptions {
  /** The folder for nginx's configuration, pid, logs and temporary files. */
  dir: string;
  /** `host:port` of the Skillset server. */
  upstream: string;
  certificatePath: string;
  keyPath: string;
  /** The `location` block (default: {@link skillsetLocationBlock}). */
  location?: string;
}

/** A running nginx (not a daemon) that terminates TLS on a free 127.0.0.1 port. */
export interface NginxProxy extends AsyncDisposable {
  child: ChildProcess;
  /** `https://127.0.0.1:PORT` */
  url: string;
  /** The whole nginx.conf it runs. */
  config: string;
  /** nginx's error log so far. */
  readErrorLog(): Promise<string>;
  /** Stops nginx (fast shutdown) and waits for its exit. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function renderConfig(options: StartNginxOptions & { port: number }): string {
  const { dir } = options;
  const location = (options.location ?? skillsetLocationBlock(options.upstream)).replaceAll(
    '\n',
    '\n    ',
  );
  // Run as root, nginx would hand its workers to `nobody`, who may not use the temp folders.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${options.port} ssl;
    server_name localhost;
    ssl_certificate ${options.certificatePath};
    ssl_certificate_key ${options.keyPath};
    ${location}
  }
}
`;
}

/** Resolves once `file` exists in `dir`. */
async function fileAppears(dir: string, file: string): Promise<void> {
  const watcher = watch(dir);
  try {
    const appeared = new Promise<void>((resolve) => {
      watcher.on('change', (_type, name) => {
        if (name === file) resolve();
      });
    });
    const exists = await access(path.join(dir, file)).then(
      () => true,
      () => false,
    );
    if (!exists) await appeared;
  } finally {
    watcher.close();
  }
}

/**
 * Starts nginx in the foreground with its own configuration in `dir`; resolves once it listens
 * (nginx writes its pid file after it opened its sockets).
 */
export async function startNginx(options: StartNginxOptions): Promise<NginxProxy> {
  const port = await freePort();
  const config = renderConfig({ ...options, port });
  const configPath = path.join(options.dir, 'nginx.conf');
  await mkdir(options.dir, { recursive: true });
  await writeFile(configPath, config);
  const errorLogPath = path.join(options.dir, 'error.log');
  const child = spawn(
    NGINX_BIN,
    ['-p', options.dir, '-c', configPath, '-e', errorLogPath, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const readErrorLog = () => readFile(errorLogPath, 'utf8').catch(() => '');
  const exited = once(child, 'exit');
  const failed = exited.then(async ([code]) => {
    throw new Error(`nginx exited (${code}):\n${stderr}\n${await readErrorLog()}`);
  });
  failed.catch(() => {});
  await Promise.race([fileAppears(options.dir, 'nginx.pid'), failed]);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  return {
    child,
    url: `https://127.0.0.1:${port}`,
    config,
    readErrorLog,
    stop,
    [Symbol.asyncDispose]: stop,
  };
}
