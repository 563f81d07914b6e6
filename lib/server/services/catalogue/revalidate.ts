/**
 * What a catalogue write invalidates (lib/cache-tags): owned by the catalogue, called by other domains after their
 * writes (a course approved in the creation centre, an enrolment count, a training's applicants).
 */
import { TAGS } from '@/lib/cache-tags';
import { invalidate } from '@/lib/server/cache';

/** One course's pages and every list that shows it. */
export const revalidateCourse = (courseId: number) => invalidate(TAGS.courses, TAGS.course(courseId));
/** A series' page and the series lists (enrolment count, a course added). */
export const revalidateSeries = (seriesId: number) => invalidate(TAGS.series, TAGS.seriesItem(seriesId));
/** A training project's page and the training lists (applicant counts, students). */
export const revalidateTrain = (trainId: number) => invalidate(TAGS.trains, TAGS.train(trainId));
/** News and notices (a manager's write). */
export const revalidateNews = () => invalidate(TAGS.news);
