/**
 * Which cached public pages show a course or the catalogue lists, so that a write (a course approved in the
 * creation centre, a review, an enrolment count) reaches them at once. Owned by the catalogue; called by
 * other domains after their writes.
 *
 * Public catalogue pages are cached per site under internal paths that carry their list parameters
 * (proxy.ts, lib/variants/catalogue-paths.ts): `/main/course/detail/id-5`, `/party/course/index/t-301_page-2`.
 * A detail page is revalidated by its own path on every site; a list by its route pattern (all pages
 * and filters of it at once).
 */
import { ALL_SITE_SEGMENTS } from '@/lib/variants';
import { querySegment } from '@/lib/variants/catalogue-paths';
import { revalidateSitePage } from '../revalidate';
import { clearSearchCache } from './search';

type RevalidatePath = typeof import('next/cache').revalidatePath;

async function nextRevalidate(): Promise<RevalidatePath | null> {
  try {
    return (await import('next/cache')).revalidatePath;
  } catch {
    return null;
  }
}

/** Every cached page of a route, whatever its parameters, on every site. */
async function revalidateRoute(route: string): Promise<void> {
  const revalidatePath = await nextRevalidate();
  if (!revalidatePath) return;
  try {
    revalidatePath(`/[variant]/(portal)${route}/[[...q]]`, 'page');
    revalidatePath(`/[variant]${route}/[[...q]]`, 'page');
  } catch (err) {
    if (process.env.NODE_ENV === 'production') console.warn(`[revalidate] ${route}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** One detail page (`/course/detail?id=5`) on every site, under each address that selects it (`queries`). */
async function revalidateDetail(route: string, id: number, queries: string[] = [`id=${id}`]): Promise<void> {
  const revalidatePath = await nextRevalidate();
  if (!revalidatePath) return;
  const segs = queries.map((q) => querySegment(route, new URLSearchParams(q)));
  for (const site of ALL_SITE_SEGMENTS) {
    try {
      for (const seg of segs) revalidatePath(`/${site}${route}/${seg}`);
    } catch (err) {
      if (process.env.NODE_ENV === 'production') console.warn(`[revalidate] ${route}: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
  }
}

/** Search answers (remembered in lib/server/services/search) and every cached results page. */
async function revalidateSearch(): Promise<void> {
  clearSearchCache();
  await revalidateRoute('/search/index');
}

/** The catalogue lists and the home page. */
export async function revalidateCatalogue(): Promise<void> {
  await revalidateSearch();
  await revalidateSitePage('/home');
  await revalidateRoute('/course/index');
  await revalidateRoute('/series/index');
  await revalidateRoute('/series/class');
  await revalidateRoute('/teacher/detail');
}

/** One course's pages, and the lists that show it. */
export async function revalidateCourse(courseId: number): Promise<void> {
  await revalidateCatalogue();
  await revalidateDetail('/course/detail', courseId);
  await revalidateDetail('/course/detailBatch', courseId);
  // The player, under each address of the course: ?courseId= or ?id=, with the batch word or without.
  const player = [`courseId=${courseId}`, `id=${courseId}`];
  await revalidateDetail('/courseView', courseId, [...player, ...player.map((q) => `${q}&batch=1`)]);
  await revalidateDetail('/courseViewBatch', courseId, player);
  await revalidateRoute('/series/detail');
}

/** A series' page and the series lists (enrolment count, a course added). */
export async function revalidateSeries(seriesId: number): Promise<void> {
  await revalidateSearch();
  await revalidateSitePage('/home');
  await revalidateRoute('/series/index');
  await revalidateRoute('/series/class');
  await revalidateDetail('/series/detail', seriesId);
}

/** A training project's page and the training lists (applicant counts, students). */
export async function revalidateTrain(trainId: number): Promise<void> {
  await revalidateSearch();
  await revalidateSitePage('/home');
  await revalidateRoute('/train/index');
  await revalidateDetail('/train/detail', trainId);
}

/** News and notices (a manager's write). */
export async function revalidateNews(): Promise<void> {
  await revalidateSearch();
  await revalidateSitePage('/home');
  await revalidateRoute('/notice/news');
  await revalidateRoute('/notice/index');
  await revalidateRoute('/notice/newsDetail');
  await revalidateRoute('/notice/noticeDetail');
}
