// The integration tests open the demo database (SEED=demo, jest.config.mjs): hand it the seed, as instrumentation.ts
// does for the server.
import { installSeed } from '@/lib/server/seed/install';

installSeed();
