/** Pages rendered per user (personal centre, exams, surveys, policies, a project's tasks): the API client with the visitor's token (never cached). */
import 'server-only';
import { cookies } from 'next/headers';
import { serverApi } from '@/lib/api/server';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import type { Site } from '@/lib/variants';

export async function userApi(site: Site) {
  const token = (await cookies()).get(TOKEN_STORAGE_KEY)?.value ?? null;
  return { api: serverApi(site, { token }), token };
}
