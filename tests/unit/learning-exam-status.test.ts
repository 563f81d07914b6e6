/** SPEC 4.3: exam status in its exact order. */
import { examScoreText, examStatus, type ExamStatusInput } from '@/lib/learning/exam-status';

const base: ExamStatusInput = {
  isSubmit: false,
  isJoined: true,
  isOnStartTime: true,
  isAfterEndTime: false,
  lastTimeReplyId: null,
  lastTimeReplyIsOvertime: false,
};

describe('examStatus (SPEC 4.3)', () => {
  it('submitted wins over everything, even not joined or ended', () => {
    expect(examStatus({ ...base, isSubmit: true })).toBe(1);
    expect(examStatus({ ...base, isSubmit: true, isJoined: false, isAfterEndTime: true, isOnStartTime: false })).toBe(
      1,
    );
  });
  it('not joined comes before not started and ended', () => {
    expect(examStatus({ ...base, isJoined: false })).toBe(-1);
    expect(examStatus({ ...base, isJoined: false, isOnStartTime: false })).toBe(-1);
    expect(examStatus({ ...base, isJoined: false, isAfterEndTime: true })).toBe(-1);
  });
  it('not started comes before ended', () => {
    expect(examStatus({ ...base, isOnStartTime: false })).toBe(-2);
    expect(examStatus({ ...base, isOnStartTime: false, isAfterEndTime: true })).toBe(-2);
  });
  it('ended, whatever the last attempt', () => {
    expect(examStatus({ ...base, isAfterEndTime: true })).toBe(3);
    expect(examStatus({ ...base, isAfterEndTime: true, lastTimeReplyId: 4 })).toBe(3);
  });
  it('in the window: running attempt -> 2; timed out or none -> 0', () => {
    expect(examStatus({ ...base, lastTimeReplyId: 9, lastTimeReplyIsOvertime: false })).toBe(2);
    expect(examStatus({ ...base, lastTimeReplyId: 9, lastTimeReplyIsOvertime: true })).toBe(0);
    expect(examStatus(base)).toBe(0);
  });
  it('score: a number when submitted or ended with a score, else a dash', () => {
    expect(examScoreText(1, 80)).toBe('80');
    expect(examScoreText(-1, null)).toBe('-');
    expect(examScoreText(3, null)).toBe('-');
    expect(examScoreText(3, 60)).toBe('60');
    expect(examScoreText(0, 50)).toBe('-');
  });
});
