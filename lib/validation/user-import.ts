/**
 * 用户导入 (issue 25): one row of the file checked with SPEC 5's rules and messages (the register form's e-mail,
 * name and organisation rules, the helper pattern of mobile numbers), the same constants the forms use. What needs
 * the database (duplicates against existing users, the organisation's existence and the importer's scope) is
 * checked by the service (lib/server/services/management/user-import.ts).
 */
import { POSITION_LEVELS } from '@/lib/constants';
import { z } from 'zod';
import { IMPORT_UNDO_MAX, type ImportColumn, type ImportRowError } from '@/lib/contract/user-import';
import { EMAIL_PATTERN, SMS_MOBILE_INVALID } from './accounts';
import { controlCharPath, CONTROL_CHAR_MSG } from './common';
import { V } from './messages';
import { MOBILE_PATTERN } from './patterns';

export const IMPORT_MSG = {
  accountRequired: '请填写账号',
  accountRule: '账号只能包含字母、数字、下划线、点、@和短横线，长度2-40位',
  nameTooLong: '姓名不能超过40个字',
  orgTooLong: '单位名称不能超过80个字',
  emailTooLong: '邮箱不能超过120个字符',
  gender: '性别请填写“男”或“女”',
  level: `职级请填写：${POSITION_LEVELS.join('、')}`,
  party: '是否党员请填写“是”或“否”',
  duplicateInFile: (what: string, row: number) => `${what}与第${row}行重复`,
  accountTaken: '该账号已存在',
  emailTaken: '该邮箱已被其他账号使用',
  mobileTaken: '该手机号已被其他账号使用',
  orgUnknown: '单位不存在，请填写系统中已有的单位名称',
  noHeader: '未找到表头：请使用用户导入模板，第一行为说明，第二行为列名',
  missingColumn: (c: string) => `缺少“${c}”列`,
  noRows: '文件中没有数据行',
  tooManyRows: (max: number) => `一次最多导入${max}行`,
  unreadable: '文件无法读取，请上传用户导入模板格式的xlsx或csv文件',
  tooLarge: (mb: number) => `文件过大，不能超过${mb}MB`,
  wrongType: '请上传xlsx或csv文件',
  refused: (n: number) => `文件中有${n}处错误，未导入任何用户，请修改后重新上传`,
  created: (n: number) => `已导入${n}个用户`,
  undoNone: '请选择要撤销导入的账号',
  undoInUse: '有用户已产生学习记录等数据，无法撤销导入',
} as const;

/** A row as the file gives it: the text of each column, trimmed. */
export type RawRow = { row: number; cells: Partial<Record<ImportColumn, string>> };

/** A row that passed the checks of its own cells. */
export interface CheckedRow {
  row: number;
  userId: string;
  name: string;
  gender: 1 | 2;
  mobile: string | null;
  email: string;
  orgName: string;
  positionLevel: number;
  party: boolean;
}

const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{2,40}$/;
const YES = new Set(['是', 'Y', 'y', '1', 'TRUE', 'true']);
const NO = new Set(['否', 'N', 'n', '0', 'FALSE', 'false', '']);

/** Checks one row's cells; every refused cell is an error of its own. */
export function checkRow(raw: RawRow): { row: CheckedRow | null; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const fail = (column: ImportColumn, message: string) => errors.push({ row: raw.row, column, message });
  const cell = (c: ImportColumn) => (raw.cells[c] ?? '').trim();
  for (const [c, v] of Object.entries(raw.cells))
    if (controlCharPath(v)) fail(c as ImportColumn, `${c}${CONTROL_CHAR_MSG}`);
  if (errors.length) return { row: null, errors };

  const userId = cell('账号');
  if (!userId) fail('账号', IMPORT_MSG.accountRequired);
  else if (!ACCOUNT_PATTERN.test(userId)) fail('账号', IMPORT_MSG.accountRule);

  const name = cell('姓名');
  if (!name) fail('姓名', V.registerNameRequired);
  else if (name.length > 40) fail('姓名', IMPORT_MSG.nameTooLong);

  const genderText = cell('性别');
  const gender = genderText === '女' ? 2 : genderText === '男' || genderText === '' ? 1 : 0;
  if (!gender) fail('性别', IMPORT_MSG.gender);

  const mobile = cell('手机号').replace(/[\s-]/g, '');
  if (mobile && !MOBILE_PATTERN.test(mobile)) fail('手机号', SMS_MOBILE_INVALID);

  const email = cell('邮箱').toLowerCase();
  if (!email) fail('邮箱', V.registerEmailRequired);
  else if (email.length > 120) fail('邮箱', IMPORT_MSG.emailTooLong);
  else if (!EMAIL_PATTERN.test(email)) fail('邮箱', V.emailInvalid);

  const orgName = cell('单位');
  if (!orgName) fail('单位', V.registerOrgRequired);
  else if (orgName.length > 80) fail('单位', IMPORT_MSG.orgTooLong);

  const levelText = cell('职级');
  const positionLevel = levelText === '' ? 0 : (POSITION_LEVELS as readonly string[]).indexOf(levelText);
  if (positionLevel < 0) fail('职级', IMPORT_MSG.level);

  const partyText = cell('是否党员');
  const party = YES.has(partyText);
  if (!party && !NO.has(partyText)) fail('是否党员', IMPORT_MSG.party);

  if (errors.length) return { row: null, errors };
  return {
    row: {
      row: raw.row,
      userId,
      name,
      gender: gender as 1 | 2,
      mobile: mobile || null,
      email,
      orgName,
      positionLevel,
      party,
    },
    errors,
  };
}

/** Undo of an import: the accounts it made, by login name. */
export const undoImportSchema = z.object({
  userIds: z
    .array(z.string().trim().min(1, IMPORT_MSG.undoNone).max(40))
    .min(1, IMPORT_MSG.undoNone)
    .max(IMPORT_UNDO_MAX),
});
