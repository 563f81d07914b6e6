/**
 * Prometheus metrics (prom-client), served at /metrics to the addresses of METRICS_ALLOW (lib/server/lanes/ops-lane).
 * One registry per process (Next.js loads this module once per kind of entry: lib/server/process-state), so a
 * counter incremented by an API route and one read by the request hook are the same.
 *
 * Others add to them with one call: `metrics().jobs.inc({ job: 'trial-cut', outcome: 'done' })`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { processState } from '../process-state';

/** What a request is, for request counts and latency. */
export type RouteKind = 'page' | 'api' | 'media' | 'upload' | 'static' | 'ops';

type PoolStats = () => { total: number; idle: number; waiting: number; max: number } | null;

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const poolSource: { stats: PoolStats } = { stats: () => null };
  const m = {
    registry,
    poolSource,
    requests: new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by route kind and status class',
      labelNames: ['kind', 'status'] as const,
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from the request to the end of its response, by route kind',
      labelNames: ['kind'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    heartbeats: new Counter({
      name: 'portal_heartbeats_accepted_total',
      help: 'Study heartbeats accepted (/api/study/submit)',
      registers: [registry],
    }),
    uploads: new Counter({
      name: 'portal_uploads_total',
      help: 'Uploads finished, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    jobs: new Counter({
      name: 'portal_jobs_total',
      help: 'Background jobs run, by job and outcome',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    invalidations: new Counter({
      name: 'portal_cache_invalidations_total',
      help: 'Cache tags invalidated after writes',
      registers: [registry],
    }),
    pool: new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max); absent on the embedded PGlite',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolSource.stats();
        this.reset();
        if (!s) return;
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'max' }, s.max);
      },
    }),
  };
  return m;
}

export type Metrics = ReturnType<typeof create>;

export function metrics(): Metrics {
  return processState('metrics', create);
}

/** The database handle tells where its pool's figures are (lib/server/db). */
export function reportPool(stats: PoolStats): void {
  metrics().poolSource.stats = stats;
}

/** The kind of a request path. */
export function routeKind(url: string): RouteKind {
  if (url.startsWith('/api/resourceFile/') || url.startsWith('/api/upload') || url.includes('/upload')) return 'upload';
  if (url.startsWith('/media/')) return 'media';
  if (url.startsWith('/api/health') || url === '/metrics') return 'ops';
  if (url.startsWith('/api/') || url.startsWith('/modules/')) return 'api';
  if (url.startsWith('/_next/') || /\.(?:js|css|svg|png|jpe?g|webp|ico|woff2?|txt|xml|mp4|vtt)(?:\?|$)/.test(url))
    return 'static';
  return 'page';
}
