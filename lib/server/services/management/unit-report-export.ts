/**
 * Exports of the unit area's tables (issue 25): CSV (UTF-8 with a BOM, so that Excel shows Chinese) or Excel
 * (exceljs's streaming WorkbookWriter). Rows are read in keyset batches (unit-report.ts learnerBatches) and written
 * to the response as they come; the next batch waits until the client has taken the last one (backpressure), so
 * the server's memory holds a batch or two whatever the row count.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { POSITION_LEVELS } from '@/lib/constants';
import type { ExportFormat, ExportTable, UnitLearnerRow, UnitMonth } from '@/lib/contract/management';
import { learnerBatches, monthsOf, type ReportTarget } from './unit-report';

type Cell = string | number;

interface TableSpec {
  sheet: string;
  header: string[];
  widths: number[];
  rows: (t: ReportTarget) => AsyncGenerator<Cell[][]>;
}

const learnerCells = (r: UnitLearnerRow): Cell[] => [
  r.name,
  r.userId,
  r.orgName,
  POSITION_LEVELS[r.positionLevel] ?? '',
  r.partyMember ? '是' : '否',
  r.onlineHours,
  r.offlineHours,
  r.totalHours,
  r.requiredOnline,
  r.requiredOffline,
  r.met ? '已达标' : '未达标',
  r.coursesCompleted,
  r.trainsCompleted,
  r.examsPassed,
];

const monthCells = (m: UnitMonth): Cell[] => [`${m.month}月`, m.onlineHours, m.offlineHours, m.metLearners];

export const EXPORT_SPECS: Record<ExportTable, TableSpec> = {
  learners: {
    sheet: '学员学时',
    header: [
      '姓名',
      '账号',
      '单位',
      '职级',
      '党员',
      '线上学时',
      '线下学时',
      '总学时',
      '线上要求',
      '线下要求',
      '是否达标',
      '完成课程',
      '完成培训项目',
      '通过考试',
    ],
    widths: [12, 14, 24, 12, 6, 10, 10, 10, 10, 10, 10, 10, 12, 10],
    rows: async function* (t) {
      for await (const batch of learnerBatches(t)) yield batch.map(learnerCells);
    },
  },
  months: {
    sheet: '月度进度',
    header: ['月份', '线上学时', '线下学时', '累计达标人数'],
    widths: [8, 12, 12, 14],
    rows: async function* (t) {
      yield (await monthsOf(t)).map(monthCells);
    },
  },
};

export function exportFileName(table: ExportTable, format: ExportFormat, year: number): string {
  return `${EXPORT_SPECS[table].sheet}-${year}.${format}`;
}

/** RFC 4180: quote a field holding a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
export function csvField(v: Cell): string {
  if (typeof v === 'number') return String(v);
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Waits until the client has taken what was written, or the response is gone (then the loop stops). */
const drain = (out: Writable) => Promise.race([once(out, 'drain'), once(out, 'close')]).catch(() => undefined);

async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await drain(out);
}

async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain) await drain(out);
}

/**
 * exceljs hands the sheet's XML to the zip (archiver) without heeding its backpressure, so rows written faster than
 * they are compressed would pile up in the zip's input: after each batch, wait until that input (the sheet stream's
 * pipe destination) has taken them in.
 */
async function zipCaughtUp(sheet: unknown): Promise<void> {
  const pipes = (sheet as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
  for (const dest of pipes) if (dest.writableNeedDrain) await drain(dest);
}

/**
 * Writes the table to `out` and ends it. `signal` aborts between batches (the client went away).
 */
export async function writeExport(
  t: ReportTarget,
  table: ExportTable,
  format: ExportFormat,
  out: Writable,
  signal?: AbortSignal,
): Promise<void> {
  const spec = EXPORT_SPECS[table];
  if (format === 'csv') {
    await write(out, '\uFEFF' + spec.header.map(csvField).join(',') + '\r\n');
    for await (const rows of spec.rows(t)) {
      if (signal?.aborted || out.destroyed) return void out.destroy();
      await write(out, rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n');
      await nextTurn();
    }
    out.end();
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.header.map((h, i) => ({ header: h, width: spec.widths[i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of spec.rows(t)) {
    if (signal?.aborted || out.destroyed) return void out.destroy();
    for (const r of rows) sheet.addRow(r).commit();
    await zipCaughtUp(sheet);
    await drained(out);
    await nextTurn();
  }
  sheet.commit();
  await workbook.commit();
}
