import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

process.env.DATA_DIR ||= 'memory';

/**
 * The upload and media suites again with STORAGE_URL on an S3 server (s3rver, started by the global setup on
 * loopback: tests/s3/setup.mjs), so the S3 store passes what the local disk passes. `npm run test:s3`; npm test runs
 * it after the other suites. Left out: the assertions about scratch files on disk (see README, Tests).
 */
const config = {
  testEnvironment: 'node',
  testMatch: ['spaces-uploads', 'uploads-security', 'uploads-quota', 'spaces-creation', 'learning-media', 'learning-documents', 'storage-s3'].map((n) => `<rootDir>/tests/integration/${n}.test.ts`),
  moduleNameMapper: { '^server-only$': '<rootDir>/tests/stubs/empty.js', '^@/(.*)$': '<rootDir>/$1' },
  globalSetup: '<rootDir>/tests/s3/setup.mjs',
  globalTeardown: '<rootDir>/tests/s3/teardown.mjs',
  testTimeout: 60000,
};

export default createJestConfig(config);
