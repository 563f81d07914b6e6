/** Demo data of the catalogue domain; runs inside the seed transaction after the core catalogue and people. */
import type { SeedContext } from './context';

export async function seedCatalogue(ctx: SeedContext): Promise<void> {
  void ctx;
}
