/**
 * The creation centre's address for a user. Its id names the same person on /space/teacher (SPEC 2.3: a
 * shared link opened by someone else goes there), so a teacher's link carries the tchrId; a user without
 * one, the operatorID. proxy.ts lets the owner in with either.
 */
export function creationHref(user: { operatorID: number; tchrId: number | null }, tab?: string): string {
  return `/space/creation?${tab ? `tab=${tab}&` : ''}id=${user.tchrId ?? user.operatorID}`;
}
