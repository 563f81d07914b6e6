import type { Metadata } from 'next';
import { REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS } from '@/lib/constants';
import { pageMetadata, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { InfoPage } from '@/components/catalogue/InfoPage';
import { Flow } from '@/components/catalogue/Flow';

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  return pageMetadata({
    title: '学习流程说明',
    description: `${s.title}在线学习流程说明：从登录到学时计入个人档案。`,
    canonical: '/remark/index',
    origin: s.origin,
    siteName: s.title,
  });
}

/** /remark/index: an explanatory diagram (SPEC 2.1 remark). */
export default async function Page({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  void [REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS];
  return (
    <InfoPage title="学习流程说明" origin={s.origin}>
      <p>学员通过网络学院学习课程的基本流程如下，未选学的课程只能试看3分钟。</p>
      <Flow
        title="在线学习流程"
        steps={[
          { name: '登录平台', note: '使用单位账号或科技云通行证登录' },
          { name: '选择课程', note: '在课程资源或系列专题中浏览课程' },
          { name: '选学', note: '点击“选学”将课程加入学习计划' },
          { name: '开始学习', note: '在播放页学习全部章节' },
          { name: '学时计入', note: '有效学习时长自动计入个人学习档案' },
        ]}
      />
    </InfoPage>
  );
}
