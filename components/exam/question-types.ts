/** The names of a paper's question types, shown on the paper and on its result. */
export const QUESTION_TYPE_TEXT: Record<string, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  short: '简答题',
};
