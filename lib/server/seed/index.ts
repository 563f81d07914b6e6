/**
 * Deterministic demo data (DESIGN: "same seed, same data"): a seeded PRNG only, dates relative to
 * `now` (default: today 00:00 UTC), rows inserted in a fixed order in batches of at most 500.
 * Catalogue counts multiply by `scale`; people and orgs do not.
 */
import type { Db } from '../db/types';
import { hashPassword } from '@/lib/server/services/accounts/password';
import { DEMO_ACCOUNTS } from './accounts';
import { seedCatalogue, seedDictionaries, seedOrgs, seedSettings } from './catalogue';
import { seedNews, seedNotices } from './content';
import { seedPeople } from './people';
import { makeClock, startOfUtcDay } from './util';
import { seedChapters, seedSeriesCourses, seedStations } from './chapters';
import type { SeedContext } from './domains/context';
import { seedCatalogue as seedCatalogueDomain } from './domains/catalogue';
import { seedAccounts } from './domains/accounts';
import { seedLearning } from './domains/learning';
import { seedSpaces } from './domains/spaces';
import { seedManagement } from './domains/management';

export { DEMO_ACCOUNTS } from './accounts';

export interface SeedOptions {
  /** Multiplies the catalogue counts (courses, series, trains, news, notices, live classes). */
  scale?: number;
  /** Extra learners made in bulk (SEED_LEARNERS), spread over the organisations: the unit report's benchmark. */
  learners?: number;
  /** The moment treated as now; default today at 00:00 UTC. */
  now?: Date;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  const scale = opts.scale && opts.scale > 0 && Number.isFinite(opts.scale) ? opts.scale : 1;
  const clock = makeClock(opts.now ?? startOfUtcDay(new Date()));
  const count = (base: number) => Math.max(1, Math.round(base * scale));

  // scrypt runs on the libuv pool: hash the demo passwords in parallel, before the transaction.
  const hashes = Object.fromEntries(
    await Promise.all(DEMO_ACCOUNTS.map(async (a) => [a.userId, await hashPassword(a.password)] as const)),
  );

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await seedDictionaries(t);
    await seedSettings(t);
    const orgList = await seedOrgs(t);
    const catalogue = await seedCatalogue(t, clock, scale, orgList);
    await seedNews(t, clock, count(120));
    await seedNotices(t, clock, count(60));
    await seedChapters(t, catalogue);
    await seedSeriesCourses(t);
    await seedStations(t);
    const demoOperatorIds = await seedPeople(t, clock, orgList, catalogue, hashes);
    // Each domain's own demo data, in a fixed order (lib/server/seed/domains).
    const ctx: SeedContext = { db: t, clock, scale, orgs: orgList, catalogue, demoOperatorIds };
    await seedCatalogueDomain(ctx);
    await seedAccounts(ctx);
    await seedLearning(ctx);
    await seedSpaces(ctx);
    await seedManagement(ctx, opts.learners ?? 0);
  });
}
