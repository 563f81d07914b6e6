import Link from '@/components/ui/Link';
import { REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS } from '@/lib/constants';
import type { Site, Variant } from '@/lib/variants';
import { findRoute } from '@/lib/variants';
import { HeaderUser } from './HeaderUser';
import { PromptLink } from './PromptLink';
import { SearchBox } from './SearchBox';
import { ShellTools } from './ShellTools';
import { TenantName } from './TenantName';
import { SiteLogo } from './SiteLogo';
import { StuLink } from './StuLink';

/** SPEC 1: the required study hours, shown as text beside the search box. */
export const STUDY_HOURS_TIP = `学时要求：线下培训每年不少于${REQUIRED_OFFLINE_HOURS}学时（处级及以上领导干部不少于${REQUIRED_OFFLINE_HOURS_LEADER}学时），线上学习每年不少于${REQUIRED_ONLINE_HOURS}学时。`;

export function Header({ site, variant, title }: { site: Site; variant: Variant; title: string }) {
  const secondary = [
    { label: '课程资源', href: '/course/index' },
    { label: '系列专题', href: '/series/index' },
  ].filter((l) => findRoute(variant, l.href));
  return (
    <header>
      <div className="bg-brand-900 text-sm text-white">
        <div className="page-width flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-1.5">
          <div className="focus-on-dark min-w-0 flex-1">
            <HeaderUser />
          </div>
          <ShellTools dx={site.dx} />
        </div>
      </div>
      <div className="bg-white">
        <div className="page-width flex flex-wrap items-center justify-between gap-4 py-4">
          <div className="flex items-center gap-6">
            <Link href="/home" className="flex items-center gap-3" aria-label={title}>
              <SiteLogo fallback={variant.logo} student={variant.isStu} />
              <span className="text-2xl font-bold tracking-wide text-brand-800">{title}</span>
            </Link>
            {variant.platform && <TenantName />}
            <nav aria-label="快捷导航" className="hidden items-center gap-4 text-brand-800 md:flex">
              {secondary.map((l) => (
                <Link key={l.href} href={l.href} className="hover:underline">
                  {l.label}
                </Link>
              ))}
              <PromptLink href="/personal/index" className="hover:underline">
                学习中心
              </PromptLink>
              {!variant.isStu && <StuLink />}
            </nav>
          </div>
          <div className="flex w-full flex-col gap-1 md:w-auto md:items-end">
            <SearchBox />
            <p className="max-w-md text-xs text-gray-600">{STUDY_HOURS_TIP}</p>
          </div>
        </div>
      </div>
    </header>
  );
}
