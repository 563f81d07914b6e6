/** Old password hashes (scrypt N=2^14 before issue 22) are replaced at the next successful sign-in. */
import { and, eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { hashPassword, needsRehash } from './password';

/**
 * Called with the password just verified against `stored`. Only that hash is replaced: a password changed meanwhile
 * (another request) is left as it is. A failure is logged and the sign-in goes on; the next one tries again.
 */
export async function upgradePasswordHash(operatorId: number, stored: string, password: string): Promise<boolean> {
  if (!needsRehash(stored)) return false;
  try {
    const d = await db();
    const updated = await d
      .update(operators)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(operators.id, operatorId), eq(operators.passwordHash, stored)))
      .returning({ id: operators.id });
    return updated.length > 0;
  } catch (err) {
    console.warn(`[accounts] password hash upgrade failed: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}
