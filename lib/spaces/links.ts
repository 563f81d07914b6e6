/** Where spaces are shown (SPEC 2.1) and the page sizes their pages and the client share. */
import type { SpaceKind } from '@/lib/contract/spaces';

/** The four space routes of SPEC 2.1 and the owner kind each shows. */
export const SPACE_ROUTES = {
  teacher: { path: '/space/teacher', kind: 'teacher', title: '教师空间' },
  student: { path: '/space/student', kind: 'student', title: '学员空间' },
  organization: { path: '/space/organization', kind: 'org', title: '单位空间' },
  org: { path: '/space/org', kind: 'org', title: '机构空间' },
} as const satisfies Record<string, { path: string; kind: SpaceKind; title: string }>;
export type SpaceRoute = keyof typeof SPACE_ROUTES;

/** Where the space of an owner kind is shown (organisations: the organisation space). */
export function spaceHref(kind: SpaceKind, id: number): string {
  const path = kind === 'teacher' ? '/space/teacher' : kind === 'student' ? '/space/student' : '/space/organization';
  return `${path}?id=${id}`;
}

/** Courses per list on a space page; 查看更多 loads the next page of the same size from /api/space/courses. */
export const SPACE_LIST_SIZE = 12;

/** The first page of a space's comments: prefetched with the cached page, read by the client with the same key. */
export const commentListBody = (ref: { kind: SpaceKind; id: number }) => ({ ...ref, pageSize: 20 });
