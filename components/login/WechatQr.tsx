'use client';
/**
 * WeChat's QR login (type 17) shown the way WeChat's wxLogin.js shows it: its qrconnect page in a frame (300 x 400),
 * whose confirmation on the phone sends the whole window back to /home?wxLogin=1&code&state. A link opens the same
 * page in the window itself, for a browser that blocks the frame.
 */
export function WechatQr({ url }: { url: string }) {
  return (
    <div className="flex flex-col items-center">
      <iframe
        src={url}
        title="微信扫码登录"
        width={300}
        height={400}
        scrolling="no"
        className="max-w-full border-0"
        data-testid="wechat-qr"
      />
      <a href={url} className="mt-2 text-sm text-brand-700 underline">
        二维码无法显示？在本页打开微信登录
      </a>
    </div>
  );
}
