/** The queries of the notifications' screens (issue 25), so a change marks the header's badge and the inbox stale. */
import type { QueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/api/query';

export const UNREAD_PATH = '/api/notification/unreadCount';
export const LIST_PATH = '/api/notification/list';

/** The header's count: read on each page, again when the window gets the focus back, and every few minutes. */
export const unreadQuery = () => ({
  ...apiQuery(UNREAD_PATH),
  staleTime: 30_000,
  refetchOnWindowFocus: true,
  refetchInterval: 5 * 60_000,
});

/** After marking read: the count and every page of the inbox. */
export function refreshNotifications(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: apiQueryKey(UNREAD_PATH) }),
    client.invalidateQueries({ queryKey: [LIST_PATH] }),
  ]);
}
