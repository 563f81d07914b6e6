import nextJest from 'next/jest.js';
import { withEsmPackages } from './scripts/lib/jest-esm.mjs';

const createJestConfig = nextJest({ dir: './' });

// Tests never touch the demo database of `npm start` (./data): an in-memory PGlite unless told otherwise.
process.env.DATA_DIR ||= 'memory';
// The integration tests read the demo accounts and catalogue: seeded only when asked (lib/server/config SEED).
process.env.SEED ||= 'demo';

/** Unit tests run in Node (or jsdom where a file asks for it); integration tests share the endpoint table. */
const config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.test.ts', '<rootDir>/tests/**/*.test.tsx'],
  // The cluster suite starts PostgreSQL, three instances and nginx: jest.cluster.config.mjs, run by npm test after these.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/cluster/'],
  moduleNameMapper: { '^server-only$': '<rootDir>/tests/stubs/empty.js', '^@/(.*)$': '<rootDir>/$1' },
  setupFiles: ['<rootDir>/tests/support/install-seed.ts'],
  testTimeout: 60000,
};

export default withEsmPackages(createJestConfig(config));
