'use client';

/**
 * The personal centre's tabs (SPEC 2.1, issue 5 point 3): the learner's own data, fetched by the browser from
 * /api/personal/archive. The page around it (heading, tab bar, title) is the same for every learner and cached
 * per site and tab (app/[variant]/(portal)/personal/index), so a visit costs the server a cached page and one
 * call: rendering it per learner on the server cost more than the page's whole budget (issue 5 point 7).
 */
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { AccountSettings } from '@/components/account';
import { ARCHIVE_PATH, type PersonalTab } from './personal-tabs';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { CertificatesTab } from './CertificatesTab';
import { ArchiveOverview, CoursesTab, ExamsTab, FavouritesTab, TrainsTab } from './ArchiveTabs';

/** The body of one tab, as the query says: its data once the call answers, a placeholder until then. */
export function PersonalSections({ tab, year, examPages }: { tab: PersonalTab; year?: number; examPages: boolean }) {
  if (tab === 'settings')
    return (
      <div className="mt-6">
        <AccountSettings />
      </div>
    );
  return <ArchiveSections tab={tab} year={year} examPages={examPages} />;
}

function ArchiveSections({
  tab,
  year,
  examPages,
}: {
  tab: Exclude<PersonalTab, 'settings'>;
  year?: number;
  examPages: boolean;
}) {
  // Only the shown tab's data is read (the archive call answers the other parts empty).
  const query = useQuery(apiQuery(ARCHIVE_PATH, year ? { year, section: tab } : { section: tab }));
  const data = query.data;
  if (!data) {
    // A session error goes home to sign in (the shell's handler); any other failure can be tried again here.
    return query.isError ? (
      <LoadFailed
        what="学习档案"
        onRetry={query.refetch}
        retrying={query.isFetching}
        className="mt-6 rounded border bg-white p-6 text-gray-700"
      />
    ) : (
      <div className="mt-6 space-y-3" role="status" aria-live="polite" data-testid="personal-loading">
        <span className="sr-only">正在加载…</span>
        <div className="h-8 w-48 animate-pulse rounded bg-gray-200" aria-hidden />
        <div className="h-40 animate-pulse rounded bg-gray-100" aria-hidden />
      </div>
    );
  }
  return (
    <>
      {tab === 'archive' && <ArchiveOverview data={data} />}
      {tab === 'courses' && <CoursesTab data={data} />}
      {tab === 'trains' && <TrainsTab data={data} />}
      {tab === 'exams' && <ExamsTab data={data} examPages={examPages} />}
      {tab === 'certificates' && <CertificatesTab certificates={data.certificates} />}
      {tab === 'favourites' && <FavouritesTab data={data} />}
    </>
  );
}
