/**
 * Which cached public pages show a course or the catalogue lists, so that a write (a course approved in the
 * creation centre, a review, an enrolment count) reaches them at once. Owned by the catalogue; called by
 * other domains after their writes.
 */
import { revalidateSitePage } from '../revalidate';

/** The catalogue lists and the home page. */
export async function revalidateCatalogue(): Promise<void> {
  await revalidateSitePage('/home');
  await revalidateSitePage('/course/index');
}

/** One course's pages, and the lists that show it. */
export async function revalidateCourse(courseId: number): Promise<void> {
  void courseId;
  await revalidateCatalogue();
  await revalidateSitePage('/course/detail');
}
