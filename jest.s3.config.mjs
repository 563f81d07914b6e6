import nextJest from 'next/jest.js';
import { withEsmPackages } from './scripts/lib/jest-esm.mjs';

const createJestConfig = nextJest({ dir: './' });

process.env.DATA_DIR ||= 'memory';
// The suites read the demo accounts and catalogue: seeded only when asked (lib/server/config SEED).
process.env.SEED ||= 'demo';

/**
 * The upload and media suites again with STORAGE_URL on an S3 server (s3rver, started by the global setup on
 * loopback: tests/s3/setup.mjs), so the S3 store passes what the local disk passes. `npm run test:s3`; npm test runs
 * it after the other suites.
 */
const config = {
  testEnvironment: 'node',
  testMatch: [
    'spaces-uploads',
    'uploads-security',
    'uploads-quota',
    'spaces-creation',
    'learning-media',
    'learning-documents',
    'storage-s3',
  ].map((n) => `<rootDir>/tests/integration/${n}.test.ts`),
  moduleNameMapper: { '^server-only$': '<rootDir>/tests/stubs/empty.js', '^@/(.*)$': '<rootDir>/$1' },
  // Tests that look at files on local disk (scratch folders, sparse scratch files, media copied into UPLOAD_DIR) are
  // about the local store only; everything else runs on S3.
  testNamePattern: `^(?!.*(${[
    'the last missing chunk assembles the file',
    'scratch files of an upload abandoned',
    'a course video uploaded in the creation centre',
    'a document chapter',
    'a refused chunk past the recorded ones',
    // Needs the file the first of these left (the local store's assembly test).
    'a file its uploader sends again completes at once',
  ].join('|')})).*$`,
  globalSetup: '<rootDir>/tests/s3/setup.mjs',
  setupFiles: ['<rootDir>/tests/s3/per-file.cjs', '<rootDir>/tests/support/install-seed.ts'],
  globalTeardown: '<rootDir>/tests/s3/teardown.mjs',
  testTimeout: 60000,
};

export default withEsmPackages(createJestConfig(config));
