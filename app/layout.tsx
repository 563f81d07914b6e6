import type { Metadata, Viewport } from 'next';
import '@/styles/globals.css';
import { SignedInMark } from '@/components/shell/SignedInMark';

export const metadata: Metadata = {
  applicationName: '继续教育网络学院',
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#1e3a8a',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // suppressHydrationWarning: SignedInMark may add an attribute to <html> before React hydrates it.
    <html lang="zh-CN" suppressHydrationWarning>
      <body className="min-h-screen antialiased">
        <SignedInMark />
        {children}
      </body>
    </html>
  );
}
