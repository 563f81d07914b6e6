/**
 * Hand-in of a training project's assignments (/train/task, issue 26): what the learner and the marking manager
 * see, and the messages the service and the forms share.
 */

/** 未提交, 已提交, 已批改 (with score and comment), 已截止 (not handed in before the deadline). */
export type AssignmentState = 'open' | 'submitted' | 'marked' | 'closed';
export const ASSIGNMENT_STATE_LABELS: Record<AssignmentState, string> = {
  open: '未提交',
  submitted: '已提交',
  marked: '已批改',
  closed: '已截止',
};

export interface SubmissionFile {
  fileId: number;
  name: string;
  size: number;
  kind: string;
  url: string;
}

export interface Submission {
  id: number;
  content: string;
  files: SubmissionFile[];
  submittedAt: string;
  /** 0-100, null until marked. */
  score: number | null;
  comment: string;
  markedAt: string | null;
}

export interface AssignmentTask {
  id: number;
  title: string;
  bodyHtml: string;
  /** The assignment's own end, else the training's end. */
  deadline: string;
  state: AssignmentState;
  stateLabel: string;
  /** Whether the learner may hand in (or replace) now: enrolled and before the deadline. */
  canSubmit: boolean;
  submission: Submission | null;
}

export interface MyAssignments {
  trainId: number;
  /** Approved (SPEC 4.4 status 7): only then may the learner hand in. */
  enrolled: boolean;
  items: AssignmentTask[];
}

/** A hand-in as the marking manager lists it. */
export interface SubmissionRow {
  id: number;
  assignmentId: number;
  operatorName: string;
  orgName: string;
  submittedAt: string;
  score: number | null;
  markedAt: string | null;
}

export interface AssignmentSubmissions {
  assignmentId: number;
  title: string;
  deadline: string;
  list: SubmissionRow[];
}

export interface SubmissionDetail extends Submission {
  assignmentId: number;
  assignmentTitle: string;
  trainId: number;
  operatorName: string;
  orgName: string;
}

export const MSG_ASSIGNMENT_NOT_FOUND = '作业不存在';
export const MSG_NOT_ENROLLED = '您尚未参加本培训，报名并通过审核后才能提交作业';
export const MSG_DEADLINE_PASSED = '作业已截止，不能再提交或修改';
export const MSG_SUBMISSION_EMPTY = '请填写作业内容或上传附件';
export const MSG_NO_MARK_POWER = '没有批改权限';
export const MSG_SUBMISSION_NOT_FOUND = '作业提交记录不存在';
export const MSG_FILE_KIND = '附件仅支持文档和图片';
