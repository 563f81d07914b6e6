/**
 * What each notification says (issue 25): what happened, what to do next, and where (the link). Dates and times
 * are China time.
 */
import { formatDateTime, formatDuration } from '@/lib/format';
import type { NotificationInput } from './notify';

/** A training application reviewed (6 -> 7 approved, 8 rejected). */
export function trainReviewed(train: { id: number; title: string }, approved: boolean): NotificationInput {
  const link = `/train/detail?id=${train.id}`;
  return approved
    ? {
        kind: 'train-review',
        title: `培训报名审核通过：《${train.title}》`,
        body: `您报名的培训项目《${train.title}》已审核通过。请按培训安排按时参加，培训开始后可在项目页面进入学习。`,
        link,
      }
    : {
        kind: 'train-review',
        title: `培训报名未通过审核：《${train.title}》`,
        body: `您报名的培训项目《${train.title}》未通过审核，未能参加本培训。如有疑问，请联系本单位培训管理员；也可以查看其他可报名的培训项目。`,
        link,
      };
}

/** A submitted course reviewed (SPEC 4.5: 1052 approved, 1053 rejected, 1055 returned for change). */
export function courseReviewed(
  course: { id: number; title: string },
  status: 1052 | 1053 | 1055,
  reason: string,
  creationLink: string,
): NotificationInput {
  const why = reason.trim() ? `审核意见：${reason.trim()}。` : '';
  if (status === 1052)
    return {
      kind: 'course-review',
      title: `课程审核通过：《${course.title}》`,
      body: `您提交的课程《${course.title}》已审核通过并发布，学员现在可以选学。${why}`,
      link: `/course/detail?id=${course.id}`,
    };
  if (status === 1055)
    return {
      kind: 'course-review',
      title: `课程被退回修改：《${course.title}》`,
      body: `您提交的课程《${course.title}》被退回修改。${why}请在创作中心按意见修改后重新提交审核。`,
      link: creationLink,
    };
  return {
    kind: 'course-review',
    title: `课程审核未通过：《${course.title}》`,
    body: `您提交的课程《${course.title}》未通过审核。${why}可在创作中心查看课程，修改后重新提交。`,
    link: creationLink,
  };
}

/** An exam the learner joined opens soon (or has just opened). */
export function examWindow(
  exam: { id: number; title: string; startAt: Date; endAt: Date; durationMinutes: number },
  now: Date,
): NotificationInput {
  const started = exam.startAt <= now;
  return {
    kind: 'exam-window',
    title: started ? `考试已开始：《${exam.title}》` : `考试即将开始：《${exam.title}》`,
    body: `${started ? '您报名的考试已开始' : '您报名的考试即将开始'}：《${exam.title}》，考试时间 ${formatDateTime(exam.startAt)} 至 ${formatDateTime(exam.endAt)}，答题时长${formatDuration(exam.durationMinutes)}。请在截止前进入考试并提交答卷。`,
    link: `/exam?examId=${exam.id}`,
    dedupeKey: `exam-window:${exam.id}`,
  };
}

/** A certificate issued (series, training project, year's hours). */
export function certificateIssued(c: { title: string; serialNo: string }): NotificationInput {
  return {
    kind: 'certificate',
    title: `证书已颁发：《${c.title}》`,
    body: `您的证书《${c.title}》已颁发，证书编号 ${c.serialNo}。可在“我的证书”中查看、打印和下载。`,
    link: '/personal/index?tab=certificates',
  };
}

/** The year's hours still missing in its last quarter (SPEC 1's requirement). */
export function hoursShort(
  r: { onlineHours: number; offlineHours: number; requiredOnline: number; requiredOffline: number },
  year: number,
  daysLeft: number,
  dedupeKey: string,
): NotificationInput {
  const tenth = (x: number) => Math.round(x * 10) / 10;
  const missing = [
    r.onlineHours < r.requiredOnline ? `网络学时${tenth(r.requiredOnline - r.onlineHours)}学时` : '',
    r.offlineHours < r.requiredOffline ? `线下学时${tenth(r.requiredOffline - r.offlineHours)}学时` : '',
  ].filter(Boolean);
  return {
    kind: 'hours-short',
    title: `${year}年度学时尚未达标`,
    body: `您${year}年度已有网络学时${tenth(r.onlineHours)}学时（要求不少于${r.requiredOnline}学时）、线下学时${tenth(r.offlineHours)}学时（要求不少于${r.requiredOffline}学时），还差${missing.join('、')}。距年底还有${daysLeft}天，请尽早安排学习。`,
    link: `/personal/index?tab=archive&year=${year}`,
    dedupeKey,
  };
}
