import nextJest from 'next/jest.js';
import { withEsmPackages } from './scripts/lib/jest-esm.mjs';

const createJestConfig = nextJest({ dir: './' });

/**
 * The cluster suite (tests/cluster): one cluster (scripts/cluster.mjs: PostgreSQL, three instances, nginx) started
 * by the global setup for all its files, which talk to it over HTTP only; run in band, after the other suites.
 */
const config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/cluster/**/*.test.ts'],
  // The upload test reads the stored file back through lib/server/storage (server-only, as in jest.config.mjs).
  moduleNameMapper: { '^server-only$': '<rootDir>/tests/stubs/empty.js', '^@/(.*)$': '<rootDir>/$1' },
  setupFiles: ['<rootDir>/tests/support/install-seed.ts'],
  globalSetup: '<rootDir>/tests/cluster/setup.mjs',
  globalTeardown: '<rootDir>/tests/cluster/teardown.mjs',
  testTimeout: 180000,
};

export default withEsmPackages(createJestConfig(config));
