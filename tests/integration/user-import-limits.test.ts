/**
 * Imports that cannot stall anything (issue 38): an xlsx that unpacks to far more than it weighs is refused at the
 * first limit of config.ts (a part's unpacked size, declared or real, all parts together, rows, cells) with its
 * message, read on a worker thread, while the process keeps answering /api/health. A CSV stops at the same row and
 * cell limits. A real workbook (exceljs: shared strings, rich text, a hyperlink, numbers) still reads as before.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { IMPORT_LIMIT_MSG, IMPORT_MAX_ROWS } from '@/lib/contract/user-import';
import { resetConfigForTests } from '@/lib/server/config';
import { serveOps } from '@/lib/server/lanes/ops-lane';
import { parseImportFile } from '@/lib/server/services/management/user-import-file';
import { IMPORT_MSG } from '@/lib/validation/user-import';
import { sheetXml, xlsx } from '@/tests/fixtures/xlsx-bombs';

const MB = 1024 * 1024;

/** The one file-level message of a refused file. */
async function refusal(file: Buffer): Promise<string> {
  const parsed = await parseImportFile(file);
  if (parsed.ok) throw new Error(`read ${parsed.rows.length} rows`);
  expect(parsed.errors).toHaveLength(1);
  expect(parsed.errors[0].column).toBe('文件');
  return parsed.errors[0].message;
}

/** Sheet XML padded with spaces to `bytes` (what a bomb's repeated content deflates like). */
const padded = (bytes: number) =>
  Buffer.concat([
    sheetXml(1).subarray(0, -'</sheetData></worksheet>'.length),
    Buffer.alloc(bytes, ' '),
    Buffer.from('</sheetData></worksheet>'),
  ]);

/** A sheet of `rows` rows of `columns` numeric cells (the smallest cell XML there is). */
function numericSheet(rows: number, columns: number): Buffer {
  const out = [
    '<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>账号</t></is></c><c t="inlineStr"><is><t>姓名</t></is></c></row>',
  ];
  const row = '<c><v>1</v></c>'.repeat(columns);
  for (let r = 2; r < rows + 2; r++) out.push(`<row r="${r}">${row}</row>`);
  out.push('</sheetData></worksheet>');
  return Buffer.from(out.join(''));
}

afterEach(() => {
  delete process.env.IMPORT_UNZIPPED_ENTRY_MB;
  delete process.env.IMPORT_PARSE_MEMORY_MB;
  resetConfigForTests();
});

describe('an xlsx that unpacks to too much', () => {
  it('is refused at the first limit with its message, while /api/health answers every second', async () => {
    // Made before health is asked: deflating them here would stall this test's own requests.
    // Headers that say 300 MB; a sheet of 30 MB whose headers say 1 KB; 200,000 rows; 420,000 cells.
    const bombs = [
      xlsx(sheetXml(10), 300 * MB),
      xlsx(padded(30 * MB), 1024),
      xlsx(sheetXml(200_000, 1)),
      xlsx(numericSheet(14_000, 30)),
    ];
    for (const b of bombs) expect(b.length).toBeLessThan(1 * MB);
    const health = http.createServer((req, res) => {
      if (!serveOps(req, res)) res.end();
    });
    await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
    const port = (health.address() as AddressInfo).port;
    const answers: (number | string)[] = [];
    const ask = () =>
      new Promise<void>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/health', timeout: 5000 }, (res) => {
          res.resume();
          res.on('end', () => {
            answers.push(res.statusCode ?? 0);
            resolve();
          });
        });
        req.on('timeout', () => req.destroy(new Error('no answer')));
        req.on('error', (err) => {
          answers.push(err.message);
          resolve();
        });
      });
    let asking = true;
    const poller = (async () => {
      while (asking) {
        await ask();
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    try {
      const messages = [];
      for (const b of bombs) messages.push(await refusal(b));
      expect(messages).toEqual([
        IMPORT_LIMIT_MSG.entryTooLarge(20),
        IMPORT_LIMIT_MSG.entryTooLarge(20),
        IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS),
        IMPORT_LIMIT_MSG.tooManyCells(400_000),
      ]);
    } finally {
      asking = false;
      await poller;
      await new Promise((resolve) => health.close(resolve));
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a !== 200)).toEqual([]);
  });

  it('counts all parts together, and a file that is not a zip of a workbook is unreadable', async () => {
    const media = (n: number) => ({ name: `xl/media/${n}.bin`, data: Buffer.alloc(15 * MB, 7) });
    expect(await refusal(xlsx(sheetXml(3), undefined, [media(1), media(2), media(3)]))).toBe(
      IMPORT_LIMIT_MSG.totalTooLarge(40),
    );
    const truncated = xlsx(sheetXml(3)).subarray(0, 200);
    expect(await refusal(truncated)).toBe(IMPORT_MSG.unreadable);
  });

  it('follows the configured limits', async () => {
    process.env.IMPORT_UNZIPPED_ENTRY_MB = '1';
    resetConfigForTests();
    expect(await refusal(xlsx(padded(2 * MB), 1024))).toBe(IMPORT_LIMIT_MSG.entryTooLarge(1));
  });

  it('stops a file that needs more memory than the reading thread has', async () => {
    // 300,000 distinct shared strings (14 MB of XML, within the size limits) in a thread of 4 MB.
    process.env.IMPORT_PARSE_MEMORY_MB = '4';
    resetConfigForTests();
    const strings = Array.from({ length: 300_000 }, (_, i) => `<si><t>user${i}-${'x'.repeat(20)}</t></si>`);
    const shared = { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst>${strings.join('')}</sst>`) };
    expect(await refusal(xlsx(sheetXml(3), undefined, [shared]))).toBe(IMPORT_LIMIT_MSG.memory);
  });
});

describe('a CSV', () => {
  it('stops at the row limit without making every line a record', async () => {
    const csv = Buffer.from('账号,姓名,邮箱,单位\n' + '\n'.repeat(3 * MB));
    expect(await refusal(csv)).toBe(IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS));
    const wide = Buffer.from('账号,姓名,邮箱,单位\n' + ','.repeat(3 * MB));
    expect(await refusal(wide)).toBe(IMPORT_LIMIT_MSG.tooManyCells(400_000));
  });
});

describe('a real workbook', () => {
  it('reads shared and rich text, hyperlinks and numbers as the cells show them', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('说明').getCell('A1').value = '不是这张表';
    const sheet = wb.addWorksheet('用户导入');
    sheet.getCell('A1').value = '填写说明：每行一个用户';
    sheet.addRow(['账号', '姓名', '性别', '手机号', '邮箱', '单位']);
    sheet.addRow([
      'li.lei',
      { richText: [{ text: '李' }, { text: '雷', font: { bold: true } }] },
      '男',
      13800138000,
      { text: 'li@example.cn', hyperlink: 'mailto:li@example.cn' },
      '物理研究所 & <一室>',
    ]);
    sheet.addRow([]);
    sheet.getCell('A5').value = 'han_mei';
    sheet.getCell('B5').value = '韩梅';
    sheet.getCell('E5').value = 'han@example.cn';
    sheet.getCell('F5').value = '物理研究所';
    const parsed = await parseImportFile(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(parsed).toEqual({
      ok: true,
      rows: [
        {
          row: 3,
          cells: {
            账号: 'li.lei',
            姓名: '李雷',
            性别: '男',
            手机号: '13800138000',
            邮箱: 'li@example.cn',
            单位: '物理研究所 & <一室>',
          },
        },
        {
          row: 5,
          cells: { 账号: 'han_mei', 姓名: '韩梅', 性别: '', 手机号: '', 邮箱: 'han@example.cn', 单位: '物理研究所' },
        },
      ],
    });
  });
});
