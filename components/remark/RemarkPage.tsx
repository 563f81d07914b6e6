/**
 * The explanatory diagrams of /remark/index, index2 and index3 (SPEC 2.1 remark): one page, three diagrams. Each
 * route's page names its diagram; the title, description, lead text and steps live in DIAGRAMS.
 */
import type { Metadata } from 'next';
import { REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS } from '@/lib/constants';
import { pageMetadata, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { InfoPage } from '@/components/catalogue/InfoPage';
import { Flow } from '@/components/catalogue/Flow';

export type RemarkDiagram = 'index' | 'index2' | 'index3';

interface Diagram {
  title: string;
  /** The page's description, after the site's title. */
  description: string;
  lead: string;
  flowTitle: string;
  steps: { name: string; note: string }[];
}

const DIAGRAMS: Record<RemarkDiagram, Diagram> = {
  index: {
    title: '学习流程说明',
    description: '在线学习流程说明：从登录到学时计入个人档案。',
    lead: '学员通过网络学院学习课程的基本流程如下，未选学的课程只能试看3分钟。',
    flowTitle: '在线学习流程',
    steps: [
      { name: '登录平台', note: '使用单位账号或科技云通行证登录' },
      { name: '选择课程', note: '在课程资源或系列专题中浏览课程' },
      { name: '选学', note: '点击“选学”将课程加入学习计划' },
      { name: '开始学习', note: '在播放页学习全部章节' },
      { name: '学时计入', note: '有效学习时长自动计入个人学习档案' },
    ],
  },
  index2: {
    title: '培训报名流程说明',
    description: '培训项目报名流程说明：报名、审核、参训、考核与结业。',
    lead: '培训项目和学术报告的报名需经主办单位审核，审核结果可在项目详情页查看。',
    flowTitle: '培训项目报名流程',
    steps: [
      { name: '浏览项目', note: '在培训项目中按月份、类别筛选' },
      { name: '在线报名', note: '在报名时间内点击“立即报名”' },
      { name: '报名审核', note: '主办单位审核，状态为“报名待审核”' },
      { name: '参加培训', note: '审核通过后按培训安排参训' },
      { name: '考核结业', note: '完成作业、考试和问卷后结业，获得证书' },
    ],
  },
  index3: {
    title: '学时要求说明',
    description: '年度学时要求说明：线下与线上学时的认定标准。',
    lead: '职工每年的继续教育学时由线上学时和线下学时两部分组成，分别统计、分别考核。',
    flowTitle: '年度学时认定',
    steps: [
      { name: '线上学时', note: `网络课程学习，每年不少于${REQUIRED_ONLINE_HOURS}学时` },
      { name: '线下学时', note: `集中培训，每年不少于${REQUIRED_OFFLINE_HOURS}学时` },
      { name: '领导干部', note: `处级及以上线下不少于${REQUIRED_OFFLINE_HOURS_LEADER}学时` },
      { name: '年度核查', note: '学时在个人学习档案中统计与核查' },
    ],
  },
};

export async function remarkMetadata(diagram: RemarkDiagram, params: CatalogueParams): Promise<Metadata> {
  const s = await siteOfParams(params);
  const d = DIAGRAMS[diagram];
  return pageMetadata({
    title: d.title,
    description: `${s.title}${d.description}`,
    canonical: `/remark/${diagram}`,
    origin: s.origin,
    siteName: s.title,
  });
}

export async function RemarkPage({ diagram, params }: { diagram: RemarkDiagram; params: CatalogueParams }) {
  const s = await siteOfParams(params);
  const d = DIAGRAMS[diagram];
  return (
    <InfoPage title={d.title} origin={s.origin}>
      <p>{d.lead}</p>
      <Flow title={d.flowTitle} steps={d.steps} />
    </InfoPage>
  );
}
