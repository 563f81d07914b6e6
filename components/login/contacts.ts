/** Type 4 (SPEC 2.6): manual retrieval contacts: e-mail, phone, and two chat groups. */
export const MANUAL_RETRIEVAL_CONTACTS = [
  { label: '邮箱', value: 'elearning-support@example.org', href: 'mailto:elearning-support@example.org' },
  { label: '电话', value: '010-6860 0000（工作日 9:00-17:00）', href: 'tel:+861068600000' },
  { label: '学员QQ群一', value: '612 345 678' },
  { label: '学员QQ群二', value: '734 567 890' },
] as const;
