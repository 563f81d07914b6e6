/**
 * Range-request streaming of the media store (lib/server/services/media/demo-media.ts) and of course videos uploaded in the creation
 * centre (uploaded-media.ts), with the trial rule of SPEC 8/9 applied on the server: the full rendition only for a
 * learner who has chosen (选学) the course, the trial cut (and subtitles up to the trial limit) for anyone else. A
 * course not in the catalogue (never approved, returned, changed since approval) is served to those who review it
 * only: its creator and holders of "course-review" over its creator's organisation. A chapter that is a document
 * (PDF, Word, PowerPoint, Excel) has no trial: it is served whole to those who get the full video and to the course's
 * own teacher, and refused to anyone else.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { courseChapters, courses, operators } from '@/lib/server/db/schema';
import { visibleCourses } from '../audience';
import type { SessionUser } from '../accounts/sessions';
import { inScope, powerScope } from '../management/powers';

/** A WebVTT track cut for a learner on trial: the header and cues that start before `seconds`, nothing after. */
export function trimVtt(vtt: string, seconds: number): string {
  const blocks = vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const kept = blocks.filter((block) => {
    const timing = /(?:^|\n)(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})[ \t]+-->/.exec(block);
    if (!timing) return !/^NOTE(?:\s|$)/.test(block);
    const start = Number(timing[1] ?? 0) * 3600 + Number(timing[2]) * 60 + Number(timing[3]) + Number(timing[4]) / 1000;
    return start < seconds;
  });
  return `${kept.join('\n\n').trimEnd()}\n`;
}

interface ChapterAccess {
  courseId: number;
  media: string;
  subtitle: string;
  declared: number;
  /** In the catalogue of this host (approved, published to one of its audiences). */
  published: boolean;
  /** The viewer reviews the course: its creator, or a holder of "course-review" over it (POST /api/course/audit). */
  reviewer: boolean;
  /** The viewer is the course's own teacher: its creator, or the teacher it is given under. */
  owner: boolean;
}

/**
 * A chapter as this viewer may see it: its course must be in the host's catalogue (the catalogue's own rule,
 * visibleCourses), or the viewer must review it (its creator, a holder of "course-review"); null otherwise, as for no chapter at all.
 * The player's media, subtitles and self tests all ask here.
 */
export async function chapterFor(
  site: Site,
  user: Pick<SessionUser, 'operatorID' | 'tchrId'> | null,
  chapterId: number,
): Promise<ChapterAccess | null> {
  const d = await db();
  const [row] = await d
    .select({
      courseId: courseChapters.courseId,
      media: courseChapters.media,
      subtitle: courseChapters.subtitle,
      declared: courseChapters.durationSeconds,
      creatorId: courses.creatorId,
      teacherId: courses.teacherId,
      published: sql<boolean>`(${visibleCourses({ site, platform: false })})`,
      creatorOrgId: sql<
        number | null
      >`(select ${operators.orgId} from ${operators} where ${operators.id} = ${courses.creatorId})`,
    })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(eq(courseChapters.id, chapterId));
  if (!row) return null;
  const owner =
    user != null && (row.creatorId === user.operatorID || (row.teacherId != null && row.teacherId === user.tchrId));
  // A course not in the catalogue is shown to its creator and to those who may review it: the power "course-review"
  // over the creator's organisation (an academy course, with no creator, needs it over the whole institution).
  const reviewer =
    user != null &&
    (row.creatorId === user.operatorID ||
      (!row.published && inScope(await powerScope(user, 'course-review'), row.creatorOrgId)));
  if (!row.published && !reviewer) return null;
  return {
    courseId: row.courseId,
    media: row.media,
    subtitle: row.subtitle,
    declared: row.declared,
    published: !!row.published,
    reviewer,
    owner,
  };
}
