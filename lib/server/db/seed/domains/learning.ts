/** Demo data of the learning domain; runs inside the seed transaction after the core catalogue and people. */
import type { SeedContext } from './context';

export async function seedLearning(ctx: SeedContext): Promise<void> {
  void ctx;
}
