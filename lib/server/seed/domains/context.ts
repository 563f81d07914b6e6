import type { Db } from '../../db/types';
import type { Catalogue, SeededOrg } from '../catalogue';
import type { Clock } from '../util';

/** What every domain seed step receives: the transaction, the clock, the scale and what was seeded before. */
export interface SeedContext {
  db: Db;
  clock: Clock;
  scale: number;
  orgs: SeededOrg[];
  catalogue: Catalogue;
  /** operatorID by demo login name (learner, teacher, manager, party, student, newbie). */
  demoOperatorIds: Record<string, number>;
}
