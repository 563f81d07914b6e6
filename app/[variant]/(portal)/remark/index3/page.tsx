import type { Metadata } from 'next';
import { REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS } from '@/lib/constants';
import { pageMetadata, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { InfoPage } from '@/components/catalogue/InfoPage';
import { Flow } from '@/components/catalogue/Flow';

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  return pageMetadata({
    title: '学时要求说明',
    description: `${s.title}年度学时要求说明：线下与线上学时的认定标准。`,
    canonical: '/remark/index3',
    origin: s.origin,
    siteName: s.title,
  });
}

/** /remark/index3: an explanatory diagram (SPEC 2.1 remark). */
export default async function Page({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  void [REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS];
  return (
    <InfoPage title="学时要求说明" origin={s.origin}>
      <p>职工每年的继续教育学时由线上学时和线下学时两部分组成，分别统计、分别考核。</p>
      <Flow
        title="年度学时认定"
        steps={[
          { name: '线上学时', note: `网络课程学习，每年不少于${REQUIRED_ONLINE_HOURS}学时` },
          { name: '线下学时', note: `集中培训，每年不少于${REQUIRED_OFFLINE_HOURS}学时` },
          { name: '领导干部', note: `处级及以上线下不少于${REQUIRED_OFFLINE_HOURS_LEADER}学时` },
          { name: '年度核查', note: '学时在个人学习档案中统计与核查' },
        ]}
      />
    </InfoPage>
  );
}
