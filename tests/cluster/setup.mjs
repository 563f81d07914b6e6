/**
 * Global setup of the cluster suite: starts the cluster (scripts/cluster.mjs) with the test hooks on, and a small
 * control server beside it through which the tests kill and restart instances (they run in another module realm,
 * and a crash is what they test). Its address and the cluster's are passed on in PORTAL_CLUSTER.
 */
import http from 'node:http';
import { startCluster } from '../../scripts/cluster.mjs';

export default async function setup() {
  const port = Number(process.env.CLUSTER_TEST_PORT || 3680);
  const cluster = await startCluster({
    port,
    testHooks: true,
    database: process.env.CLUSTER_TEST_DB || 'portal_cluster_test',
    log: (m) => console.log(m),
  });
  const control = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const i = Number(url.searchParams.get('i'));
    try {
      if (url.pathname === '/kill') await cluster.kill(i, url.searchParams.get('signal') || 'SIGKILL');
      else if (url.pathname === '/restart') await cluster.restart(i);
      else if (url.pathname !== '/info') throw new Error(`unknown ${url.pathname}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: err.message }));
    }
  });
  await new Promise((resolve) => control.listen(port + 9, '127.0.0.1', resolve));
  globalThis.__portalCluster = { cluster, control };
  process.env.PORTAL_CLUSTER = JSON.stringify({
    port: cluster.port,
    instancePorts: cluster.instances.map((x) => x.port),
    databaseUrl: cluster.databaseUrl,
    uploadDir: cluster.uploadDir,
    storageUrl: cluster.storageUrl,
    controlPort: port + 9,
  });
}
