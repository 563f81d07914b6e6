import { config } from '../config';
import { provideSeeder } from '../db';

/**
 * Hands the demo seed to the database (lib/server/db provideSeeder), which seeds an empty database with it on first
 * open when SEED=demo. Called first by every process that may open the database; the seed itself loads only then.
 */
export function installSeed(): void {
  provideSeeder(async (db) => {
    const { seed } = await import('./index');
    await seed(db, { scale: config().SEED_SCALE, learners: config().SEED_LEARNERS });
  });
}
