/**
 * The live ingest for tests and benchmarks: Debian's nginx with the RTMP module, from deploy/nginx-rtmp.conf with the
 * lines marked `ingest:` rewritten (module, pid, logs, the RTMP and HTTP ports, the portal's callbacks, the HLS and
 * record folders), run in the foreground by its own process. startNginxRtmp() resolves once both ports answer;
 * stop() ends that nginx only. nginxRtmpAvailable() says whether nginx and the module are installed
 * (`apt-get install -y nginx libnginx-mod-rtmp`; .ci/run and scripts/e2e.mjs install them).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './proc.mjs';

export const NGINX = '/usr/sbin/nginx';
export const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

export function nginxRtmpAvailable() {
  return existsSync(NGINX) && existsSync(RTMP_MODULE);
}

/** deploy/nginx-rtmp.conf with this run's values. */
export function ingestConf({ dir, rtmpPort, httpPort, portalUrl, recordDir, updateSeconds = 30 }) {
  const src = readFileSync(path.join(ROOT, 'deploy/nginx-rtmp.conf'), 'utf8');
  const lines = [];
  for (const line of src.split('\n')) {
    const marker = /#\s*ingest:\s*(.+)$/.exec(line)?.[1].trim();
    const indent = /^\s*/.exec(line)[0];
    if (!marker) {
      lines.push(line);
      continue;
    }
    const put = (text) => lines.push(`${indent}${text}`);
    if (marker === 'module') put(`load_module ${RTMP_MODULE};`);
    // Run as root (CI), the workers would be www-data and could not write this run's private folders: keep root.
    else if (marker === 'user') {
      if (process.getuid?.() === 0) put('user root;');
    } else if (marker === 'pid') put(`pid ${dir}/nginx.pid;`);
    else if (marker === 'error_log') put(`error_log ${dir}/error.log info;`);
    else if (marker === 'rtmp listen') put(`listen 127.0.0.1:${rtmpPort};`);
    else if (marker === 'on_publish') put(`on_publish ${portalUrl}/api/live/ingest/publish;`);
    else if (marker === 'on_publish_done') put(`on_publish_done ${portalUrl}/api/live/ingest/publish_done;`);
    else if (marker === 'on_record_done') put(`on_record_done ${portalUrl}/api/live/ingest/record_done;`);
    else if (marker === 'on_update') put(`on_update ${portalUrl}/api/live/ingest/update;`);
    else if (marker === 'notify_update_timeout') put(`notify_update_timeout ${updateSeconds}s;`);
    else if (marker === 'hls_path') put(`hls_path ${dir}/hls;`);
    else if (marker === 'record_path') put(`record_path ${recordDir};`);
    else if (marker === 'mime.types') {
      put('include /etc/nginx/mime.types;');
      // Debian's nginx keeps its temporary files under /var/lib/nginx: this one keeps its own.
      for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) put(`${t}_temp_path ${dir}/${t}_temp;`);
    } else if (marker === 'http listen') put(`listen 127.0.0.1:${httpPort};`);
    else if (marker === 'hls root') put(`root ${dir};`);
    else throw new Error(`deploy/nginx-rtmp.conf: unknown marker ingest: ${marker}`);
  }
  return lines.join('\n');
}

function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/**
 * Starts the ingest. `dir` holds its configuration, logs and HLS; `recordDir` its recordings (the portal's
 * LIVE_RECORD_DIR); `updateSeconds` how often a running stream is checked (on_update, default 30). Resolves
 * { rtmpUrl, hlsUpstream, dir, stop }.
 */
export async function startNginxRtmp({ dir, rtmpPort, httpPort, portalUrl, recordDir, updateSeconds }) {
  if (!nginxRtmpAvailable())
    throw new Error(`${NGINX} or ${RTMP_MODULE} is missing: apt-get install -y nginx libnginx-mod-rtmp`);
  for (const p of [rtmpPort, httpPort])
    if (await portOpen(p)) throw new Error(`port ${p} is already in use: stop what runs there first`);
  mkdirSync(path.join(dir, 'hls'), { recursive: true });
  mkdirSync(recordDir, { recursive: true });
  const conf = path.join(dir, 'nginx-rtmp.conf');
  writeFileSync(conf, ingestConf({ dir, rtmpPort, httpPort, portalUrl, recordDir, updateSeconds }));
  const check = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let exited = null;
  child.on('exit', (code, signal) => (exited = signal || `exit ${code}`));
  const deadline = Date.now() + 10_000;
  while (!((await portOpen(rtmpPort)) && (await portOpen(httpPort)))) {
    if (exited) throw new Error(`nginx-rtmp exited (${exited}); see ${dir}/error.log`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('nginx-rtmp did not open its ports within 10 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      // QUIT: nginx finishes its streams (on_publish_done, on_record_done are sent) and exits.
      child.kill('SIGQUIT');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return {
    rtmpUrl: `rtmp://127.0.0.1:${rtmpPort}/live`,
    hlsUpstream: `http://127.0.0.1:${httpPort}/hls`,
    controlUrl: `http://127.0.0.1:${httpPort}/control`,
    dir,
    stop,
    pid: child.pid,
  };
}
