/**
 * The handlers of the portal's jobs, and what runs them: the workers started with the server, or a test's drain.
 * Kept apart from index.ts, which the services import to queue jobs: this file imports the services.
 */
import { runAiSubtitlesJob } from '@/lib/server/services/learning/ai-subtitles';
import { runTrialCutJob } from '@/lib/server/services/media/trial-cuts';
import { runLiveRecordingJob } from '@/lib/server/services/live/recording';
import { runTranscodeJob } from '@/lib/server/services/media/hls/packages';
import { runNotificationMailJob } from '@/lib/server/services/notifications/notify';
import { runExamWindowReminders } from '@/lib/server/services/notifications/exam-window';
import { runHoursReminders } from '@/lib/server/services/notifications/hours-reminder';
import { sweepAbandonedUploads } from '@/lib/server/services/spaces/uploads/sweep';
import { JOBS, jobRunner, registerJobHandlers, type JobName } from './jobs';
import type { DrainOptions } from './jobs/types';
import { config } from '@/lib/server/config';
import { log } from '@/lib/server/ops/log';

registerJobHandlers({
  [JOBS.trialCut]: runTrialCutJob,
  [JOBS.hlsTranscode]: runTranscodeJob,
  [JOBS.aiSubtitles]: runAiSubtitlesJob,
  [JOBS.uploadSweep]: async () => void (await sweepAbandonedUploads()),
  [JOBS.liveRecording]: runLiveRecordingJob,
  [JOBS.notificationMail]: runNotificationMailJob,
  [JOBS.examWindowReminder]: async () => void (await runExamWindowReminders()),
  [JOBS.hoursReminder]: async () => void (await runHoursReminders()),
});

/**
 * Starts this instance's workers (server start). `JOBS_WORKERS=0` leaves an instance to serve requests only: it
 * still queues jobs, and the instances with workers run them.
 */
export async function startJobs(): Promise<void> {
  const entry = jobRunner();
  if (entry.started || !config().JOBS_WORKERS) return;
  entry.started = true;
  await entry.runner.start();
  log.info({ runner: entry.runner.kind }, 'job workers started');
  // Best effort: Next.js exits soon after SIGTERM; a job cut off here is retried (pg-boss expires it, the local
  // runner takes it again at its next start). If nothing else handles the signal (NEXT_MANUAL_SIG_HANDLE), it is
  // raised again once the workers stopped.
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(
      sig,
      () =>
        void entry.runner
          .stop()
          .catch(() => undefined)
          .finally(() => process.listenerCount(sig) === 0 && process.kill(process.pid, sig)),
    );
  }
}

/** Runs every due job now, in this process (tests: what a worker would do, deterministically). */
export function drainJobs(options?: DrainOptions & { names?: JobName[] }): Promise<number> {
  return jobRunner().runner.drain(options);
}
