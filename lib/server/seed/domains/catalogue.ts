/**
 * Demo data of the catalogue domain; runs inside the seed transaction after the core catalogue and people:
 * policy documents and workflows, course reviews, the parts of each training project's page (schedule,
 * assignments, album, summaries) and a few approved/rejected applications of generated learners.
 */
import { asc, eq, ne } from 'drizzle-orm';
import { courseReviews, operators, policies, trainApplications, trainItems, trains } from '../../db/schema';
import { Rng } from '../random';
import { addMs, DAY, HOUR, insertAll } from '../util';
import { DISABLED_HASH } from '../people';
import type { SeedContext } from './context';

const POLICY_TITLES: Record<1 | 2, readonly string[]> = {
  1: [
    '干部教育培训工作条例',
    '关于加强和改进继续教育工作的实施意见',
    '专业技术人员继续教育规定',
    '继续教育学时认定与管理办法',
    '网络学院课程建设与管理办法',
    '关于加强研究生科学道德和学风建设的意见',
    '党员教育管理工作条例',
    '培训经费管理办法',
    '院外培训项目备案管理规定',
    '继续教育基地建设与管理办法',
    '在线学习学时折算标准',
    '关于进一步规范培训班管理的通知',
  ],
  2: [
    '培训项目报名与审核流程',
    '线下培训学时登记流程',
    '网络课程上传与审核流程',
    '继续教育证书申请流程',
    '院外培训学时认定流程',
    '系列专题创建与发布流程',
    '学术报告申报流程',
    '学习岗位站绑定流程',
    '培训考核与结业流程',
    '年度学时统计与核查流程',
  ],
};
const ISSUERS = ['人事局', '院机关党委', '研究生院', '继续教育学院', '科技促进发展局'];
const POLICY_PARAGRAPHS = [
  '为深入贯彻落实国家关于干部教育培训和专业技术人员继续教育的部署要求，进一步规范和加强我院继续教育工作，结合我院实际，制定本办法。',
  '本办法适用于院属各单位在职职工、党员干部和在读研究生参加的各类继续教育活动，包括网络课程学习、线下集中培训、学术报告和专题讲座等。',
  '各单位应当将继续教育纳入年度工作计划，明确分管领导和具体承办人员，保障学员参加学习的时间和条件。',
  '学员每年参加线下培训不少于90学时，处级及以上领导干部不少于110学时；参加网络课程学习不少于50学时。',
  '学时由系统根据学员的有效学习时长自动统计，线下培训学时由主办单位在培训结束后登记，经审核后计入个人学习档案。',
  '对弄虚作假、代学代考等违规行为，一经查实，取消当年学时并予以通报。',
  '本办法由继续教育学院负责解释，自发布之日起施行。',
];
const WORKFLOW_STEPS = [
  '学员登录网络学院，在相应页面提交申请，填写必要信息。',
  '所在单位继续教育管理员在5个工作日内完成初审。',
  '继续教育学院对初审通过的申请进行复核，必要时要求补充材料。',
  '审核结果通过站内消息和电子邮件通知学员。',
  '审核通过后，相关学时或资格自动计入个人学习档案，学员可在个人中心查看。',
];
const REVIEW_TEXTS = [
  '讲得非常清楚，案例丰富，收获很大。',
  '内容系统全面，适合反复学习。',
  '老师讲解深入浅出，理论联系实际。',
  '课程节奏适中，建议增加一些练习。',
  '对工作很有启发，推荐同事们学习。',
  '干货满满，期待后续课程。',
  '结构清晰，重点突出。',
  '部分内容稍显简略，总体不错。',
];
const SCHEDULE_TOPICS = [
  '开班仪式及学员分组',
  '专题讲座',
  '案例研讨',
  '现场教学',
  '分组交流',
  '学习成果汇报',
  '结业考核及总结',
];
const PLACES = ['中关村园区报告厅', '继续教育学院302教室', '玉泉路园区学术会议中心', '线上会议室', '怀柔园区综合楼'];

const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

export async function seedCatalogue(ctx: SeedContext): Promise<void> {
  const { db, clock } = ctx;
  const rng = Rng.for('catalogue-domain');

  // Policies and workflows: every audience sees them (login only).
  const policyRows: (typeof policies.$inferInsert)[] = [];
  for (const type of [1, 2] as const) {
    POLICY_TITLES[type].forEach((title, i) => {
      const issuer = rng.pick(ISSUERS);
      const year = clock.today.getUTCFullYear() - rng.int(0, 4);
      const body =
        type === 1
          ? `<h2>第一章 总则</h2>${html(POLICY_PARAGRAPHS.slice(0, 3))}<h2>第二章 学时要求</h2>${html(POLICY_PARAGRAPHS.slice(3, 5))}<h2>第三章 附则</h2>${html(POLICY_PARAGRAPHS.slice(5))}`
          : `<p>本流程适用于“${title.replace(/流程$/, '')}”事项。</p><ol>${WORKFLOW_STEPS.map((s) => `<li>${s}</li>`).join('')}</ol><p>如有疑问，请联系继续教育学院培训部，联系电话：010-6259 7114（工作日 8:30-17:30）。</p>`;
      policyRows.push({
        title,
        type,
        docNo: type === 1 ? `科发人字〔${year}〕${rng.int(10, 180)}号` : '',
        issuer,
        body,
        audiences: ['general', 'party', 'student'],
        publishedAt: new Date(clock.today.getTime() - (30 + i * 37 + rng.int(0, 20)) * DAY),
      });
    });
  }
  await insertAll(db, policies, policyRows);

  // Reviews: by generated learners, on about a third of the courses.
  const learners = (
    await db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.passwordHash, DISABLED_HASH))
      .orderBy(asc(operators.id))
      .limit(60)
  ).map((r) => r.id);
  const reviewRows: (typeof courseReviews.$inferInsert)[] = [];
  if (learners.length > 0) {
    ctx.catalogue.courseIds.forEach((courseId, i) => {
      if (i % 3 !== 0) return;
      const authors = rng.sample(learners, rng.int(1, 5));
      for (const operatorId of authors) {
        reviewRows.push({
          courseId,
          operatorId,
          score: rng.weighted([
            [5, 5],
            [4, 3],
            [3, 1],
          ] as const),
          content: rng.pick(REVIEW_TEXTS),
          createdAt: new Date(clock.today.getTime() - rng.int(1, 300) * DAY - rng.int(1, 20) * HOUR),
        });
      }
    });
  }
  await insertAll(db, courseReviews, reviewRows);

  // Parts of each training project's page, and a few applications of generated learners.
  const trainRows = await db
    .select({
      id: trains.id,
      type: trains.type,
      startAt: trains.startAt,
      endAt: trains.endAt,
      applyMode: trains.applyMode,
    })
    .from(trains)
    .where(ne(trains.id, 0))
    .orderBy(asc(trains.id));
  const items: (typeof trainItems.$inferInsert)[] = [];
  const apps: (typeof trainApplications.$inferInsert)[] = [];
  for (const t of trainRows) {
    const days = Math.max(1, Math.round((t.endAt.getTime() - t.startAt.getTime()) / DAY) + 1);
    const slots = t.type === 5002 ? 1 : Math.min(6, days * 2);
    for (let k = 0; k < slots; k++) {
      const startAt = addMs(t.startAt, Math.floor(k / 2) * DAY + (k % 2) * 5 * HOUR);
      const topic =
        t.type === 5002
          ? '学术报告'
          : k === 0
            ? SCHEDULE_TOPICS[0]
            : k === slots - 1
              ? SCHEDULE_TOPICS[6]
              : SCHEDULE_TOPICS[1 + (k % 5)];
      items.push({
        trainId: t.id,
        kind: 'schedule',
        sort: k + 1,
        title: topic,
        teacherName: rng.pick(['王建华', '李文博', '张海涛', '刘思远', '陈立新', '杨晓峰']),
        place: rng.pick(PLACES),
        startAt,
        endAt: addMs(startAt, (t.type === 5002 ? 2 : 3) * HOUR),
      });
    }
    if (t.type === 5001) {
      items.push({
        trainId: t.id,
        kind: 'assignment',
        sort: 1,
        title: '学习心得体会',
        body: '结合本次培训内容和本职工作，撰写不少于1500字的学习心得。',
      });
      if (rng.chance(0.5))
        items.push({
          trainId: t.id,
          kind: 'assignment',
          sort: 2,
          title: '小组研讨报告',
          body: '以小组为单位形成研讨报告，在结业时汇报。',
        });
    }
    const past = t.endAt.getTime() < clock.now.getTime();
    if (past) {
      for (let k = 0; k < 3; k++)
        items.push({
          trainId: t.id,
          kind: 'album',
          sort: k + 1,
          title: ['开班合影', '课堂现场', '研讨交流'][k],
          imageUrl: `/banners/banner-${1 + ((t.id + k) % 5)}.svg`,
        });
      items.push({
        trainId: t.id,
        kind: 'summary',
        sort: 1,
        title: '培训总结',
        body: html([
          `本期${t.type === 5002 ? '报告' : '培训'}已圆满结束，学员普遍反映内容充实、收获很大。`,
          '主办单位将根据学员反馈，进一步优化课程设置和教学安排。',
        ]),
      });
    }
    if (learners.length > 0 && t.applyMode === 0) {
      for (const operatorId of rng.sample(learners, rng.int(0, 6)))
        apps.push({
          trainId: t.id,
          operatorId,
          status: rng.weighted([
            [7, 6],
            [6, 2],
            [8, 1],
          ] as const),
        });
    }
  }
  await insertAll(db, trainItems, items);
  await insertAll(db, trainApplications, apps);
}
