import { notFound } from 'next/navigation';
import { Footer } from '@/components/shell/Footer';
import { contactLines, otherSites } from '@/components/shell/footer-data';
import { Header } from '@/components/shell/Header';
import { LazyDialogs } from '@/components/shell/LazyDialogs';
import { NavBar } from '@/components/shell/NavBar';
import { NavProgress } from '@/components/shell/NavProgress';
import { SystemError } from '@/components/shell/SystemError';
import { parseSiteSegment } from '@/lib/variants';

/** The shell (SPEC 2.4): header, search bar with the hours tip, navigation, footer, dialogs. */
export default async function PortalLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ variant: string }>;
}) {
  const site = parseSiteSegment((await params).variant);
  if (!site) notFound();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        跳到主要内容
      </a>
      <Header />
      <NavBar />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer others={otherSites()} contact={contactLines()} />
      <LazyDialogs />
      <SystemError />
      <NavProgress />
    </>
  );
}
