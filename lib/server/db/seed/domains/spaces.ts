/** Demo data of the spaces domain; runs inside the seed transaction after the core catalogue and people. */
import type { SeedContext } from './context';

export async function seedSpaces(ctx: SeedContext): Promise<void> {
  void ctx;
}
