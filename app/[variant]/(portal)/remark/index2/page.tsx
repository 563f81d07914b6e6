import type { Metadata } from 'next';
import { REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS } from '@/lib/constants';
import { pageMetadata, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { InfoPage } from '@/components/catalogue/InfoPage';
import { Flow } from '@/components/catalogue/Flow';

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  return pageMetadata({
    title: '培训报名流程说明',
    description: `${s.title}培训项目报名流程说明：报名、审核、参训、考核与结业。`,
    canonical: '/remark/index2',
    origin: s.origin,
    siteName: s.title,
  });
}

/** /remark/index2: an explanatory diagram (SPEC 2.1 remark). */
export default async function Page({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  void [REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS];
  return (
    <InfoPage title="培训报名流程说明" origin={s.origin}>
      <p>培训项目和学术报告的报名需经主办单位审核，审核结果可在项目详情页查看。</p>
      <Flow
        title="培训项目报名流程"
        steps={[
          { name: '浏览项目', note: '在培训项目中按月份、类别筛选' },
          { name: '在线报名', note: '在报名时间内点击“立即报名”' },
          { name: '报名审核', note: '主办单位审核，状态为“报名待审核”' },
          { name: '参加培训', note: '审核通过后按培训安排参训' },
          { name: '考核结业', note: '完成作业、考试和问卷后结业，获得证书' },
        ]}
      />
    </InfoPage>
  );
}
