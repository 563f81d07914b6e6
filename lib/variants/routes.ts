/**
 * Route sets of SPEC 2.1 and 2.2. A path outside its variant's set answers 404.
 * `login` marks routes that send a visitor without a session to /home (SPEC 2.3, 6).
 */
export interface RouteInfo {
  path: string;
  /** Requires a session; a visitor goes to /home (the login dialog opens there). */
  login?: boolean;
  /** Personal or per-user by nature: kept out of robots (a cached one holds no visitor's data: it loads in the browser). */
  personal?: boolean;
  /** Exists only with PORTAL_TEST_HOOKS=1 (the benchmark's pages): a production site answers 404. */
  testHooks?: boolean;
}

const r = (path: string, flags: Omit<RouteInfo, 'path'> = {}): RouteInfo => ({ path, ...flags });

/** SPEC 2.1: the default route set (main, party, column). */
export const DEFAULT_ROUTES: readonly RouteInfo[] = [
  r('/home'),
  r('/notice/news'),
  r('/notice/newsDetail'),
  r('/notice/index'),
  r('/notice/noticeDetail'),
  r('/questionairepreview', { personal: true }),
  r('/questionaire', { personal: true }),
  r('/successSubmit', { personal: true }),
  r('/register', { personal: true }),
  r('/surveyPages/TrainSurvey', { login: true, personal: true }),
  r('/qrCodePage/qrCode', { personal: true }),
  r('/newEmployee/Train'),
  r('/newEmployee/TrainDetail'),
  r('/course/index'),
  r('/course/detail'),
  r('/course/detailBatch'),
  r('/train/index'),
  r('/train/detail'),
  r('/train/task', { login: true, personal: true }),
  r('/live/index'),
  r('/live/detail'),
  r('/series/index'),
  r('/series/class'),
  r('/series/detail'),
  r('/teacher/index'),
  r('/teacher/detail'),
  r('/personal/index', { login: true, personal: true }),
  r('/personal/certificate', { login: true, personal: true }),
  /** Public: whose certificate a verification code belongs to (issue 26); one page per code, kept out of search engines. */
  r('/certificate/verify', { personal: true }),
  // The unit area (issue 25): the server answers its data to holders of the powers only.
  r('/personal/unit', { login: true, personal: true }),
  r('/personal/roles', { login: true, personal: true }),
  r('/rank/index'),
  r('/policy/index', { login: true, personal: true }),
  r('/policy/detail', { login: true, personal: true }),
  r('/search/index', { personal: true }),
  r('/service/copyright'),
  r('/service/exemption'),
  r('/space/student'),
  r('/space/organization'),
  r('/space/teacher'),
  r('/space/org'),
  r('/space/creation', { login: true, personal: true }),
  r('/app/index'),
  r('/courseView', { personal: true }),
  r('/courseViewBatch', { personal: true }),
  r('/remark/index'),
  r('/remark/index2'),
  r('/remark/index3'),
  // Each learner's own trainings and exams: kept out of search engines (robots.txt, noindex).
  r('/assess', { personal: true }),
  r('/exam', { personal: true }),
  /** The benchmark's baseline: a plain page with no data (scripts/bench.mjs). */
  r('/bench/baseline', { personal: true, testHooks: true }),
  /** Its per-request twin: the floor of any page rendered for each visitor. */
  r('/bench/dyn', { personal: true, testHooks: true }),
  /** The same inside the portal's shell: what the shell adds to every per-visitor page. */
  r('/bench/shell', { personal: true, testHooks: true }),
];

const without = (routes: readonly RouteInfo[], drop: string[]) => routes.filter((x) => !drop.includes(x.path));

/**
 * SPEC 2.2: the smaller set of the dedicated (party-school) host: no live, no teacher list,
 * no app extras, space without org, remark index only, no exam and no qrCode page.
 */
export const PARTY_SCHOOL_ROUTES: readonly RouteInfo[] = without(DEFAULT_ROUTES, [
  '/live/index',
  '/live/detail',
  '/teacher/index',
  '/app/index',
  '/space/org',
  '/remark/index2',
  '/remark/index3',
  '/exam',
  '/qrCodePage/qrCode',
  '/course/detailBatch',
]);

/**
 * SPEC 2.2: the student/organisation set: `/` goes to /course/index, it has /space/organization
 * and omits the academy-wide extras (live, teachers list, policy, rank, app, remark, assessment,
 * new-employee training, institution space).
 */
export const STUDENT_ROUTES: readonly RouteInfo[] = without(DEFAULT_ROUTES, [
  '/live/index',
  '/live/detail',
  '/teacher/index',
  '/policy/index',
  '/policy/detail',
  '/rank/index',
  '/app/index',
  '/remark/index',
  '/remark/index2',
  '/remark/index3',
  '/assess',
  '/newEmployee/Train',
  '/newEmployee/TrainDetail',
  '/space/org',
]);

/** SPEC 2.1: redirects that keep the query string. */
export const SECTION_REDIRECTS: Readonly<Record<string, string>> = {
  '/notice': '/notice/news',
  '/course': '/course/index',
  '/train': '/train/index',
  '/live': '/live/index',
  '/series': '/series/index',
  '/teacher': '/teacher/index',
  '/policy': '/policy/index',
  '/remark': '/remark/index',
  '/rank': '/rank/index',
  '/search': '/search/index',
  '/personal': '/personal/index',
  '/app': '/app/index',
};
