/** Demo data of the accounts domain; runs inside the seed transaction after the core catalogue and people. */
import type { SeedContext } from './context';

export async function seedAccounts(ctx: SeedContext): Promise<void> {
  void ctx;
}
