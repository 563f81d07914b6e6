import type { Metadata } from 'next';
import { pageMetadata, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { InfoPage } from '@/components/catalogue/InfoPage';

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  return pageMetadata({
    title: '版权声明',
    description: `${s.title}版权声明：网站内容、课程资源的著作权归属与使用规则。`,
    canonical: '/service/copyright',
    origin: s.origin,
    siteName: s.title,
  });
}

export default async function Page({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  return (
    <InfoPage title="版权声明" origin={s.origin}>
      <p>
        {s.title}
        （以下简称“本网站”）所刊载的课程视频、课件、文字、图片、音频等内容，除特别注明外，其著作权均归本网站或相关权利人所有，受《中华人民共和国著作权法》及相关法律法规保护。
      </p>
      <p>
        未经本网站或权利人书面许可，任何单位和个人不得以任何方式复制、转载、摘编、改编、传播或用于商业用途。经授权使用的，应注明来源，并不得歪曲、篡改原意。
      </p>
      <h2>课程资源的使用</h2>
      <p>学员可在本网站内在线学习课程资源，仅限个人学习使用。课程讲义等下载资料不得在互联网上公开传播。</p>
      <h2>侵权投诉</h2>
      <p>
        如认为本网站内容侵犯了您的合法权益，请通过页面底部的联系方式与我们联系，并提供权属证明，我们将在核实后及时处理。
      </p>
    </InfoPage>
  );
}
