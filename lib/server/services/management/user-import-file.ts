/**
 * 用户导入's files (issue 25): the template (xlsx with a note, drop-down lists of the importer's organisations and
 * the position levels; or CSV, UTF-8 with a BOM so that Excel shows Chinese), and the reading of an uploaded file
 * into rows numbered as a spreadsheet numbers them. A CSV saved by Excel on a Chinese Windows is GB18030, not UTF-8:
 * both are read.
 */
import ExcelJS from 'exceljs';
import { POSITION_LEVELS } from '@/lib/constants';
import {
  IMPORT_COLUMNS,
  IMPORT_LIMIT_MSG,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportRowError,
} from '@/lib/contract/user-import';
import { IMPORT_MSG, type RawRow } from '@/lib/validation/user-import';
import { config } from '../../config';
import { csvField } from './unit-report-export';
import { readSheet, type SheetLimits, type SheetRefusal } from './sheet-reader';

export const TEMPLATE_NOTE =
  '填写说明：每行一个用户，请勿修改第二行的列名。账号、姓名、邮箱、单位必填；账号为登录账号（字母、数字、下划线、点、@或短横线，2-40位）；' +
  '单位须为您有导入权限的单位（见“单位与职级”表）；性别填男或女（不填为男）；手机号选填，11位；' +
  `职级填${POSITION_LEVELS.join('、')}之一（不填为县处级以下）；是否党员填是或否（不填为否）。` +
  '导入后系统为每个账号生成初始密码（仅在导入完成时提供一次下载），用户首次登录后须修改密码。';

const WIDTHS: Record<ImportColumn, number> = {
  账号: 16,
  姓名: 12,
  性别: 6,
  手机号: 14,
  邮箱: 26,
  单位: 28,
  职级: 12,
  是否党员: 10,
};

/** Rows of the template's lists that carry drop-downs; more rows can be typed without one. */
const LIST_ROWS = 5000;

const colLetter = (i: number) => String.fromCharCode(65 + i);

export async function templateXlsx(orgNames: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('用户导入', { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ key: c, width: WIDTHS[c] }));
  sheet.mergeCells(1, 1, 1, IMPORT_COLUMNS.length);
  const note = sheet.getCell(1, 1);
  note.value = TEMPLATE_NOTE;
  note.alignment = { wrapText: true, vertical: 'top' };
  note.font = { color: { argb: 'FF9A3412' } };
  sheet.getRow(1).height = 75;
  const header = sheet.getRow(2);
  IMPORT_COLUMNS.forEach((c, i) => (header.getCell(i + 1).value = c));
  header.font = { bold: true };
  // 账号 and 手机号 as text, so Excel keeps leading zeros and long digit strings as typed.
  for (const c of ['账号', '手机号'] as const) sheet.getColumn(IMPORT_COLUMNS.indexOf(c) + 1).numFmt = '@';

  const lists = wb.addWorksheet('单位与职级');
  lists.columns = [
    { header: '单位', key: 'org', width: 30 },
    { header: '职级', key: 'level', width: 14 },
    { header: '是否党员', key: 'party', width: 10 },
    { header: '性别', key: 'gender', width: 8 },
  ];
  lists.getRow(1).font = { bold: true };
  const n = Math.max(orgNames.length, POSITION_LEVELS.length, 2);
  for (let i = 0; i < n; i++)
    lists.addRow({ org: orgNames[i], level: POSITION_LEVELS[i], party: ['是', '否'][i], gender: ['男', '女'][i] });

  const dropDown = (column: ImportColumn, listCol: string, count: number) => {
    if (count === 0) return;
    const letter = colLetter(IMPORT_COLUMNS.indexOf(column));
    // exceljs writes a range's validation once (not per cell), so the file stays small.
    (
      sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${letter}3:${letter}${LIST_ROWS + 2}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`'单位与职级'!$${listCol}$2:$${listCol}$${count + 1}`],
      showErrorMessage: column !== '单位',
    });
  };
  dropDown('单位', 'A', orgNames.length);
  dropDown('职级', 'B', POSITION_LEVELS.length);
  dropDown('是否党员', 'C', 2);
  dropDown('性别', 'D', 2);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function templateCsv(): string {
  return '\uFEFF' + csvField(TEMPLATE_NOTE) + '\r\n' + IMPORT_COLUMNS.join(',') + '\r\n';
}

/**
 * RFC 4180 records (quoted fields with commas, quotes and line breaks). With `limits`, stops at the first record or
 * field past them ('rows' or 'cells'): a file of a million empty lines is not made into a million arrays.
 */
export function parseCsv(text: string): string[][];
export function parseCsv(text: string, limits: { records: number; cells: number }): string[][] | 'rows' | 'cells';
export function parseCsv(text: string, limits = { records: Infinity, cells: Infinity }): string[][] | 'rows' | 'cells' {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let cells = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
      if (++cells > limits.cells) return 'cells';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      // Blank lines count as rows here too (rowsOf leaves them out), as the spreadsheet numbers them.
      if (records.push(record) > limits.records) return 'rows';
      if (++cells > limits.cells) return 'cells';
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(buf);
  }
}

export type ParsedFile = { ok: true; rows: RawRow[] } | { ok: false; errors: ImportRowError[] };

const fileError = (message: string, row = 0): ParsedFile => ({ ok: false, errors: [{ row, column: '文件', message }] });

/** The rows under the header (found among the first five rows), blank rows left out, numbered as in the file. */
function rowsOf(lines: { row: number; cells: string[] }[]): ParsedFile {
  const headerAt = lines.slice(0, 5).find((l) => {
    const names = l.cells.map((c) => c.trim());
    return names.includes('账号') && names.includes('姓名');
  });
  if (!headerAt) return fileError(IMPORT_MSG.noHeader, lines[0]?.row ?? 1);
  const index = new Map<ImportColumn, number>();
  headerAt.cells.forEach((c, i) => {
    const name = c.trim() as ImportColumn;
    if ((IMPORT_COLUMNS as readonly string[]).includes(name) && !index.has(name)) index.set(name, i);
  });
  const missing = (['账号', '姓名', '邮箱', '单位'] as const).filter((c) => !index.has(c));
  if (missing.length)
    return {
      ok: false,
      errors: missing.map((c) => ({ row: headerAt.row, column: c, message: IMPORT_MSG.missingColumn(c) })),
    };
  const rows: RawRow[] = [];
  for (const l of lines) {
    if (l.row <= headerAt.row || l.cells.every((c) => c.trim() === '')) continue;
    const cells: RawRow['cells'] = {};
    for (const [name, i] of index) cells[name] = (l.cells[i] ?? '').trim();
    rows.push({ row: l.row, cells });
    if (rows.length > IMPORT_MAX_ROWS) return fileError(IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS), l.row);
  }
  if (rows.length === 0) return fileError(IMPORT_MSG.noRows, headerAt.row);
  return { ok: true, rows };
}

const isZip = (buf: Buffer) => buf.length > 4 && buf.readUInt32LE(0) === 0x04034b50;

/** The limits of reading an uploaded file (config.ts, docs/configuration.md), for the reader and its messages. */
function sheetLimits(): SheetLimits {
  const c = config();
  return {
    entryBytes: c.IMPORT_UNZIPPED_ENTRY_MB * 1024 * 1024,
    totalBytes: c.IMPORT_UNZIPPED_TOTAL_MB * 1024 * 1024,
    entries: c.IMPORT_ZIP_ENTRIES,
    cells: c.IMPORT_MAX_CELLS,
    rows: IMPORT_MAX_ROWS + 10,
    seconds: c.IMPORT_PARSE_SECONDS,
    memoryMb: c.IMPORT_PARSE_MEMORY_MB,
  };
}

function refusalText(reason: SheetRefusal, limits: SheetLimits): string {
  switch (reason) {
    case 'entry':
      return IMPORT_LIMIT_MSG.entryTooLarge(limits.entryBytes / 1024 / 1024);
    case 'total':
      return IMPORT_LIMIT_MSG.totalTooLarge(limits.totalBytes / 1024 / 1024);
    case 'entries':
      return IMPORT_LIMIT_MSG.tooManyEntries;
    case 'cells':
      return IMPORT_LIMIT_MSG.tooManyCells(limits.cells);
    case 'rows':
      return IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS);
    case 'timeout':
      return IMPORT_LIMIT_MSG.timeout(limits.seconds);
    case 'memory':
      return IMPORT_LIMIT_MSG.memory;
    default:
      return IMPORT_MSG.unreadable;
  }
}

/**
 * Reads an uploaded xlsx or CSV (told apart by its bytes, not its name). An xlsx is read on a worker thread within
 * the limits of config.ts (sheet-reader.ts); a CSV (at most IMPORT_MAX_BYTES) is scanned here, stopping at the row
 * and cell limits.
 */
export async function parseImportFile(buf: Buffer): Promise<ParsedFile> {
  const limits = sheetLimits();
  if (isZip(buf)) {
    const sheet = await readSheet(buf, '用户导入', limits);
    return sheet.ok ? rowsOf(sheet.lines) : fileError(refusalText(sheet.reason, limits));
  }
  if (buf.includes(0)) return fileError(IMPORT_MSG.unreadable);
  const records = parseCsv(decodeText(buf), { records: limits.rows, cells: limits.cells });
  if (records === 'rows') return fileError(IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS));
  if (records === 'cells') return fileError(IMPORT_LIMIT_MSG.tooManyCells(limits.cells));
  return rowsOf(records.map((cells, i) => ({ row: i + 1, cells })));
}
