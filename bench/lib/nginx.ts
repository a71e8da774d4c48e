import {spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** Debian's nginx serving a directory as a plain static site (the same try_files as the gate). */
export async function startNginx(
  root: string,
  port: number,
): Promise<{pid: number; stop(): Promise<void>}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip on;
  gzip_types text/css application/javascript application/json application/xml image/svg+xml;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html $uri.html =404; }
  }
}
`,
  );
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-p', dir], {stdio: 'ignore'});
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid ?? 0,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
