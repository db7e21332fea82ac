import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * nginx for the hosting tests: deploy/nginx.conf exactly as shipped, with only its listen
 * address, app folder, Node port, log and cache folders replaced, inside a main configuration that keeps nginx
 * to a folder of its own (pid, logs, temporary files) on loopback, in the foreground.
 *
 * Usage: node tests/hosting/nginxConfig.ts <folder> <nginx port> <node port>
 */
export function hostingSiteConfig(
  shipped: string,
  app: string,
  port: number,
  nodePort: number,
  logDir: string,
): string {
  const replacements: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${port};`],
    ['/srv/returns/', `${app}/`],
    ['server 127.0.0.1:4321;', `server 127.0.0.1:${nodePort};`],
    ['/var/log/nginx/', `${logDir}/`],
    ['/var/cache/nginx/', `${logDir}/`],
  ];
  return replacements.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
    return text.replaceAll(from, to);
  }, shipped);
}

export function hostingMainConfig(dir: string): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/returns.conf;
}
`;
}

if (import.meta.main) {
  const [dir = '', port = '', nodePort = ''] = process.argv.slice(2);
  const app = resolve(import.meta.dirname, '../..');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const shipped = readFileSync(join(app, 'deploy/nginx.conf'), 'utf8');
  writeFileSync(
    join(dir, 'returns.conf'),
    hostingSiteConfig(shipped, app, Number(port), Number(nodePort), dir),
  );
  writeFileSync(join(dir, 'nginx.conf'), hostingMainConfig(dir));
}
