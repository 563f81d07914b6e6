/** Endpoints of the assignment hand-in and its marking (/train/task, issue 26), spread into the endpoint table. */
import type { AssignmentsContract } from '@/lib/contract/endpoints';
import {
  assignmentIdSchema,
  markSubmissionSchema,
  myAssignmentsSchema,
  submissionIdSchema,
  submitAssignmentSchema,
} from '@/lib/validation/assignments';
import { contractTable, endpoint } from './endpoint';
import {
  assignmentSubmissionList,
  markSubmission,
  myAssignments,
  submissionDetail,
  submitAssignment,
} from '../services/learning/assignments';

export const ASSIGNMENT_ENDPOINTS = contractTable<keyof AssignmentsContract>({
  '/api/train/myAssignments': endpoint(myAssignmentsSchema, 'user', (b, ctx) =>
    myAssignments({ site: ctx.site, platform: ctx.platform }, ctx.user.operatorID, b.trainId),
  ),
  '/api/train/submitAssignment': endpoint(submitAssignmentSchema, 'user', (b, ctx) => submitAssignment(ctx.user, b)),
  '/api/train/assignmentSubmissions': endpoint(
    assignmentIdSchema,
    { auth: 'user', power: 'application-review' },
    (b, ctx) => assignmentSubmissionList(ctx.user, b.assignmentId),
  ),
  '/api/train/submissionDetail': endpoint(submissionIdSchema, { auth: 'user', power: 'application-review' }, (b, ctx) =>
    submissionDetail(ctx.user, b.submissionId),
  ),
  '/api/train/markSubmission': endpoint(markSubmissionSchema, { auth: 'user', power: 'application-review' }, (b, ctx) =>
    markSubmission(ctx.user, b),
  ),
});
