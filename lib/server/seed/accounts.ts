/**
 * The demo accounts the seed creates, one per role. README and tests list them from here.
 * The passwords follow the password rule (SPEC 5/9: at least 8 characters, a letter, a digit, an underscore).
 */

/** The audience tags of lib/variants (kept literal here so the seed has no UI imports). */
export type Audience = 'general' | 'party' | 'student';

export interface DemoAccount {
  /** Login name. */
  userId: string;
  password: string;
  /** What the account shows, in Chinese. */
  role: string;
  audience: Audience;
  name: string;
  /** null: the account has no e-mail yet (the perfect-info prompt asks for one). */
  email: string | null;
  /** Name of the org in the seeded org list. */
  orgName: string;
  positionLevel: number;
  gender: 1 | 2;
  cmsRoles: string[];
  /** Linked to a seeded teacher (teacher space, creation centre): the first, or the one of `teacherIndex`. */
  isTeacher: boolean;
  teacherIndex?: number;
  /**
   * Made after the generated learners, with no study history: an account added later, so the other accounts keep
   * their ids and study records.
   */
  seededLast?: boolean;
  isDefaultPassword: boolean;
  remark: string;
  /** The mobile number of the retrieval by SMS. */
  mobile?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    userId: 'learner',
    password: 'Learner_2026',
    role: '普通学员（有学习记录）',
    audience: 'general',
    name: '王晓明',
    email: 'learner@example.org',
    mobile: '13800000001',
    orgName: '物理研究所',
    positionLevel: 0,
    gender: 1,
    cmsRoles: [],
    isTeacher: false,
    isDefaultPassword: false,
    remark: '学员',
  },
  {
    userId: 'teacher',
    password: 'Teacher_2026',
    role: '教师（院内师资，关联教师空间）',
    audience: 'general',
    name: '', // the name of teacher 1, filled in by the seed
    email: 'teacher@example.org',
    orgName: '计算技术研究所',
    positionLevel: 1,
    gender: 1,
    cmsRoles: [],
    isTeacher: true,
    isDefaultPassword: false,
    remark: '教师',
  },
  {
    userId: 'manager',
    password: 'Manager_2026',
    role: '管理员（内容管理员、培训管理员）',
    audience: 'general',
    name: '李建国',
    email: 'manager@example.org',
    orgName: '人事局',
    positionLevel: 3,
    gender: 1,
    cmsRoles: ['内容管理员', '培训管理员'],
    isTeacher: false,
    isDefaultPassword: false,
    remark: '管理员',
  },
  {
    userId: 'party',
    password: 'Party_2026',
    role: '党员学员（党员学习平台，正县处级）',
    audience: 'party',
    name: '赵红梅',
    email: 'party@example.org',
    orgName: '机关党委',
    positionLevel: 2,
    gender: 2,
    cmsRoles: [],
    isTeacher: false,
    isDefaultPassword: false,
    remark: '党员',
  },
  {
    userId: 'student',
    password: 'Student_2026',
    role: '研究生（科学教育平台）',
    audience: 'student',
    name: '陈思雨',
    email: 'student@example.org',
    orgName: '研究生院',
    positionLevel: 0,
    gender: 2,
    cmsRoles: [],
    isTeacher: false,
    isDefaultPassword: false,
    remark: '研究生',
  },
  {
    userId: 'newbie',
    password: 'Newbie_2026',
    role: '新用户（初始密码、未填邮箱，登录后提示完善信息）',
    audience: 'general',
    name: '刘新',
    email: null,
    orgName: '化学研究所',
    positionLevel: 0,
    gender: 1,
    cmsRoles: [],
    isTeacher: false,
    isDefaultPassword: true,
    remark: '学员',
  },
  {
    userId: 'lecturer',
    password: 'Lecturer_2026',
    role: '教师（直播课主讲：正在直播和即将开始的直播课的推流地址与密钥）',
    audience: 'general',
    name: '', // the name of teacher 2, filled in by the seed
    email: 'lecturer@example.org',
    orgName: '计算技术研究所',
    positionLevel: 1,
    gender: 1,
    cmsRoles: [],
    isTeacher: true,
    teacherIndex: 1,
    isDefaultPassword: false,
    remark: '教师',
    seededLast: true,
  },
  {
    userId: 'curator',
    password: 'Curator_2026',
    role: '教师（系列专题管理：/personal/series 创建、编排、发布自己的系列专题）',
    audience: 'general',
    name: '', // the name of teacher 3, filled in by the seed
    email: 'curator@example.org',
    orgName: '计算技术研究所',
    positionLevel: 0,
    gender: 2,
    cmsRoles: [],
    isTeacher: true,
    teacherIndex: 2,
    isDefaultPassword: false,
    remark: '教师',
    seededLast: true,
  },
  {
    // The end-to-end test of the retrieval by SMS changes this password: an account no other test signs in.
    userId: 'smsuser',
    password: 'Smsuser_2026',
    role: '普通学员（短信找回密码：手机 13800000002）',
    audience: 'general',
    name: '周晓岚',
    email: 'smsuser@example.org',
    mobile: '13800000002',
    orgName: '物理研究所',
    positionLevel: 0,
    gender: 2,
    cmsRoles: [],
    isTeacher: false,
    isDefaultPassword: false,
    remark: '学员',
    seededLast: true,
  },
];
