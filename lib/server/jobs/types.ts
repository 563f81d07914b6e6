/** What both runners of the job queue offer (lib/server/jobs/index.ts picks one). */

/** pg-boss's job states, kept by the embedded runner too. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'failed' | 'cancelled';

/** How a queue retries: `retryLimit` more tries after the first, the n-th `retryDelaySeconds * 2^(n-1)` later. */
export interface QueuePolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run taking longer counts as failed (pg-boss expires it; a stuck ffmpeg must not hold the queue). */
  expireInSeconds: number;
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface QueueDefinition extends QueuePolicy {
  handler: JobHandler;
  /** Runs on its own every this many minutes (pg-boss cron on PostgreSQL, a timer on the embedded runner). */
  everyMinutes?: number;
}

export interface JobInfo {
  id: string;
  state: JobState;
  /** Retries so far (pg-boss counts one when the retry starts, the embedded runner when it is scheduled). */
  retryCount: number;
  startAfter: Date;
  output: string;
}

export interface DrainOptions {
  /** The clock the embedded runner takes as now: a test moves it past a retry's back-off. */
  at?: Date;
  /** Only these queues (tests sharing one PostgreSQL database leave each other's jobs alone). */
  names?: string[];
}

export interface JobRunner {
  readonly kind: 'local' | 'pg-boss';
  /** Queues a job; null when a job with the same singleton key is already waiting or running. */
  send(name: string, data: Record<string, unknown>, singletonKey?: string): Promise<string | null>;
  /** The newest job of that queue and key, or null. */
  latest(name: string, singletonKey: string): Promise<JobInfo | null>;
  byId(name: string, id: string): Promise<JobInfo | null>;
  /** Starts polling workers (and the schedules) for every queue. */
  start(): Promise<void>;
  /** Runs every due job now, one at a time, until none is left; the number run. */
  drain(options?: DrainOptions): Promise<number>;
  /** Stops the workers, waiting for the running jobs, and lets go of the database. */
  stop(): Promise<void>;
}
