import type { Metadata } from 'next';
import QRCode from 'qrcode';
import { pageMetadata, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { InfoPage } from '@/components/catalogue/InfoPage';

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  return pageMetadata({
    title: 'APP下载',
    description: `${s.title}移动客户端下载：扫码安装，随时随地学习课程、参加培训、查看学时。`,
    canonical: '/app/index',
    origin: s.origin,
    siteName: s.title,
  });
}

/** A configured download address (APP_ANDROID_URL, APP_IOS_URL): an absolute http(s) URL, else none. */
function downloadUrl(value: string | undefined): string | null {
  const v = value?.trim();
  return v && /^https?:\/\/\S+$/i.test(v) ? v : null;
}

/**
 * /app/index: the app download page. The addresses come from APP_ANDROID_URL and APP_IOS_URL; the QR codes
 * (drawn on the server, SVG) encode them. A platform without an address says so instead of a link.
 */
export default async function AppPage({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  const targets = [
    {
      key: 'android',
      name: 'Android版',
      url: downloadUrl(process.env.APP_ANDROID_URL),
      note: '适用于Android 8.0及以上',
    },
    { key: 'ios', name: 'iOS版', url: downloadUrl(process.env.APP_IOS_URL), note: '适用于iOS 13及以上' },
  ];
  const codes = await Promise.all(
    targets.map((t) =>
      t.url ? QRCode.toString(t.url, { type: 'svg', margin: 1, width: 200, errorCorrectionLevel: 'M' }) : null,
    ),
  );
  const any = targets.some((t) => t.url);
  return (
    <InfoPage title="APP下载" origin={s.origin}>
      <p>
        {s.title}移动客户端与网站学习记录同步：在手机上学习课程、参加直播、报名培训项目、查看个人学时。
        {any ? '请使用手机扫描下方二维码下载安装。' : '安装包暂未发布，发布后将在本页提供下载地址和二维码。'}
      </p>
      <ul className="grid gap-8 !indent-0 sm:grid-cols-2">
        {targets.map((t, i) => (
          <li key={t.key} className="flex flex-col items-center rounded-lg border border-gray-200 p-6">
            <h2 className="text-lg font-medium">{t.name}</h2>
            <p className="!indent-0 text-sm text-gray-600">{t.note}</p>
            {t.url && codes[i] ? (
              <>
                <div
                  className="mt-3 h-[200px] w-[200px]"
                  role="img"
                  aria-label={`${t.name}下载二维码`}
                  dangerouslySetInnerHTML={{ __html: codes[i] }}
                />
                <a href={t.url} className="mt-2 text-sm text-brand-700 underline" rel="noopener">
                  {t.name}下载地址
                </a>
              </>
            ) : (
              <p className="mt-3 !indent-0 text-gray-700">安装包暂未发布</p>
            )}
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
