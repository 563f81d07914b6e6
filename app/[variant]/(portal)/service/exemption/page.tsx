import type { Metadata } from 'next';
import { pageMetadata, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { InfoPage } from '@/components/catalogue/InfoPage';

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  return pageMetadata({
    title: '免责声明',
    description: `${s.title}免责声明：网站信息、外部链接与服务中断的责任说明。`,
    canonical: '/service/exemption',
    origin: s.origin,
    siteName: s.title,
  });
}

export default async function Page({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  return (
    <InfoPage title="免责声明" origin={s.origin}>
      <p>
        本网站所载的课程、新闻、政策文件等信息仅供学习参考。对于因使用本网站信息而产生的任何直接或间接损失，本网站在法律允许的范围内不承担责任。
      </p>
      <p>课程中专家学者发表的观点仅代表其个人学术观点，不代表本网站立场。</p>
      <h2>外部链接</h2>
      <p>本网站提供的外部链接仅为方便学员访问，对外部网站的内容、隐私政策及服务不承担责任。</p>
      <h2>服务中断</h2>
      <p>因系统维护、网络故障或不可抗力造成的服务中断，本网站将尽力提前公告并尽快恢复，但不承担由此造成的损失。</p>
    </InfoPage>
  );
}
