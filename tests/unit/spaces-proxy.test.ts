/** The spaces' proxy rules (SPEC 2.3, issue 6 point 1): id pages map to cacheable paths; creation stays guarded. */
import { decide } from '@/lib/variants/decide';

const visitor = (host: string, pathname: string, search = '') => ({
  host,
  pathname,
  search,
  hasSession: false,
  identity: null,
});
const teacher = (pathname: string, search = '') => ({
  host: 'localhost',
  pathname,
  search,
  hasSession: true,
  identity: { operatorID: 2, tchrId: 1 },
});

describe('space pages', () => {
  it.each(['teacher', 'student', 'organization', 'org'])(
    '/space/%s?id=N is served from a per-id path on each variant',
    (kind) => {
      expect(decide(visitor('localhost', `/space/${kind}`, '?id=12'))).toEqual({
        kind: 'rewrite',
        path: `/main/space/${kind}/12`,
      });
    },
  );

  it('the party and student hosts keep their own segment; the student host has no institution space', () => {
    expect(decide(visitor('party.localhost', '/space/teacher', '?id=3'))).toEqual({
      kind: 'rewrite',
      path: '/party/space/teacher/3',
    });
    expect(decide(visitor('stu.localhost', '/space/organization', '?id=3'))).toEqual({
      kind: 'rewrite',
      path: '/student/space/organization/3',
    });
    expect(decide(visitor('stu.localhost', '/space/org', '?id=3')).kind).toBe('notFound');
  });

  it('odd ids are not mapped (the page without an id answers them)', () => {
    expect(decide(visitor('localhost', '/space/teacher', '?id=../../x'))).toEqual({
      kind: 'rewrite',
      path: '/main/space/teacher?id=../../x',
    });
    expect(decide(visitor('localhost', '/space/teacher', '?id=0'))).toEqual({
      kind: 'rewrite',
      path: '/main/space/teacher?id=0',
    });
    expect(decide(visitor('localhost', '/space/teacher', '?x=1&id=0'))).toEqual({
      kind: 'rewrite',
      path: '/main/space/teacher?x=1&id=0',
    });
  });

  it("other parameters beside the id (a shared link's, the creation centre's tab) still open that id's space", () => {
    // A defect: /space/teacher?id=5&from=share showed the picker (or, signed in, the user's own space).
    expect(decide(visitor('localhost', '/space/teacher', '?id=5&from=share'))).toEqual({
      kind: 'rewrite',
      path: '/main/space/teacher/5',
    });
    expect(decide(teacher('/space/student', '?id=13&tab=1'))).toEqual({
      kind: 'rewrite',
      path: '/main/space/student/13',
    });
    // The SPEC 2.3 redirect keeps the query, and its target then opens the right space.
    const redirect = decide(teacher('/space/creation', '?tab=videoSubmit&id=5'));
    expect(redirect).toEqual({ kind: 'redirect', location: '/space/teacher?tab=videoSubmit&id=5' });
    expect(decide(teacher('/space/teacher', '?tab=videoSubmit&id=5'))).toEqual({
      kind: 'rewrite',
      path: '/main/space/teacher/5',
    });
    expect(decide(visitor('localhost', '/newEmployee/TrainDetail', '?id=4&utm_source=mail'))).toEqual({
      kind: 'rewrite',
      path: '/main/newEmployee/TrainDetail/4',
    });
  });

  it('the creation centre: own ids pass with their query; another id goes to that teacher space; a visitor to /home', () => {
    expect(decide(teacher('/space/creation', '?tab=videoSubmit&id=2'))).toEqual({
      kind: 'rewrite',
      path: '/main/space/creation?tab=videoSubmit&id=2',
    });
    expect(decide(teacher('/space/creation', '?id=1'))).toEqual({ kind: 'rewrite', path: '/main/space/creation?id=1' });
    expect(decide(teacher('/space/creation', '?id=5'))).toEqual({ kind: 'redirect', location: '/space/teacher?id=5' });
    expect(decide(visitor('localhost', '/space/creation')).kind).toBe('redirect');
  });

  it('the new-employee series detail is cached per id too', () => {
    expect(decide(visitor('localhost', '/newEmployee/TrainDetail', '?id=4'))).toEqual({
      kind: 'rewrite',
      path: '/main/newEmployee/TrainDetail/4',
    });
  });
});
