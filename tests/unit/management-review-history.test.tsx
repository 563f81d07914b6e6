/** @jest-environment jsdom */
/**
 * 课程审核's 审核记录 (issue 25): each step names who moved the course and from which status to which; a step that left
 * the status as it was (creating the course, handing it in before the machine review) names that status once.
 */
import { historyText } from '@/components/management/review/ReviewPreview';

const at = '2026-11-28T05:16:00.000Z';

it('names the move and its reason when the status changed', () => {
  expect(
    historyText({ kind: 'submit', fromStatus: 1051, toStatus: 1054, reason: '内容含需人工核对的词语', createdAt: at }),
  ).toBe('提交：未审核 → 审批中：内容含需人工核对的词语');
  expect(historyText({ kind: 'manual', fromStatus: 1054, toStatus: 1052, reason: '', createdAt: at })).toBe(
    '人工审核：审批中 → 审核通过',
  );
});

it('names the status once when the step left it as it was', () => {
  expect(historyText({ kind: 'edit', fromStatus: 1051, toStatus: 1051, reason: '创建课程', createdAt: at })).toBe(
    '修改（未审核）：创建课程',
  );
  expect(historyText({ kind: 'submit', fromStatus: 1051, toStatus: 1051, reason: '提交审核', createdAt: at })).toBe(
    '提交（未审核）：提交审核',
  );
});
