/** Body schemas of the assignment hand-in and its marking (/train/task), shared by the forms and the endpoints. */
import { z } from 'zod';
import { id } from './common';

export const ASSIGNMENT_CONTENT_MAX = 20000;
export const ASSIGNMENT_FILES_MAX = 5;
export const MARK_COMMENT_MAX = 1000;

export const myAssignmentsSchema = z.object({ trainId: id });
export const submitAssignmentSchema = z.object({
  assignmentId: id,
  content: z.string().trim().max(ASSIGNMENT_CONTENT_MAX, `作业内容不能超过${ASSIGNMENT_CONTENT_MAX}字`),
  fileIds: z.array(id).max(ASSIGNMENT_FILES_MAX, `附件不能超过${ASSIGNMENT_FILES_MAX}个`).default([]),
});
export const assignmentIdSchema = z.object({ assignmentId: id });
export const submissionIdSchema = z.object({ submissionId: id });
export const markSubmissionSchema = z.object({
  submissionId: id,
  score: z.int32('分数必须是0到100的整数').min(0, '分数必须是0到100的整数').max(100, '分数必须是0到100的整数'),
  comment: z.string().trim().max(MARK_COMMENT_MAX, `评语不能超过${MARK_COMMENT_MAX}字`).default(''),
});
