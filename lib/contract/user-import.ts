/**
 * 用户导入 (issue 25): the columns of the template, and what the upload answers. The upload is one multipart POST to
 * /api/manage/userImport whose answer is NDJSON: progress lines while the file is read, checked and imported, then
 * the envelope {code, msg, data} as its last line (the only line when the request is refused before it is read).
 */

/** The template's columns, in order. 账号, 姓名, 邮箱 and 单位 are required. */
export const IMPORT_COLUMNS = ['账号', '姓名', '性别', '手机号', '邮箱', '单位', '职级', '是否党员'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_TEMPLATE_PATH = '/api/manage/userImport/template';
export const IMPORT_UPLOAD_PATH = '/api/manage/userImport';
export const IMPORT_TEMPLATE_NAME = '用户导入模板';

/** Files larger than this, or with more data rows, are refused before they are checked. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/**
 * Why a file was refused before its rows were checked: it unpacks to too much, holds too many cells, or takes too
 * long or too much memory to read (the limits are the server's configuration; docs/configuration.md).
 */
export const IMPORT_LIMIT_MSG = {
  entryTooLarge: (mb: number) => `文件解压后过大（单个部分超过${mb}MB），请只保留用户数据后重新上传`,
  totalTooLarge: (mb: number) => `文件解压后过大（超过${mb}MB），请只保留用户数据后重新上传`,
  tooManyEntries: '文件结构异常，请使用用户导入模板另存为xlsx后重新上传',
  tooManyCells: (n: number) => `文件中的单元格过多（超过${n}个），请只保留用户数据后重新上传`,
  timeout: (seconds: number) => `文件读取超时（超过${seconds}秒），请减少行数或拆分后重新上传`,
  memory: '文件过于复杂，读取所需内存超出限制，请拆分后重新上传',
} as const;

/** One refused cell: the row as the spreadsheet numbers it, the column's header, SPEC 5's (or the import's) message. */
export interface ImportRowError {
  row: number;
  column: ImportColumn | '文件';
  message: string;
}

export type ImportPhase = 'parse' | 'validate' | 'import';
export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

/** data of a refused file (code 1001): every error, nothing imported. */
export interface ImportRefusal {
  rows: number;
  errors: ImportRowError[];
}

/** An account made by the import and its initial password, answered once and never stored in clear. */
export interface ImportedAccount {
  row: number;
  userId: string;
  name: string;
  orgName: string;
  password: string;
}

/** data of a clean file (code 0): the accounts made. */
export interface ImportResult {
  created: number;
  accounts: ImportedAccount[];
}

/** /api/manage/userImport/undo: imported accounts removed again (a mistaken import), at most this many a call. */
export const IMPORT_UNDO_MAX = 1000;
export interface ImportUndone {
  removed: number;
}
