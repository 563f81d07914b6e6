/** Global setup of the S3 project (jest.s3.config.mjs): s3rver on loopback, its URL in STORAGE_URL for every worker. */
import { startS3rver } from '../../scripts/lib/s3rver.mjs';

export default async function setup() {
  const s3 = await startS3rver();
  globalThis.__portalS3 = s3;
  process.env.STORAGE_URL = s3.url;
  // The suites written for local disk expect media streamed by the instance (200/206): the store's get with ranges
  // is what they then exercise. The presigned redirects are tested in storage-s3.test.ts, which turns them back on.
  process.env.STORAGE_PRESIGN_SECONDS = '0';
}
