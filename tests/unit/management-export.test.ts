/** The pure parts of the unit area's exports (issue 25): CSV fields, query strings, file names and links. */
import { csvField, exportFileName } from '@/lib/server/services/management/unit-report-export';
import { exportQuery, exportSchema } from '@/lib/validation/management';
import { exportHref } from '@/components/management/unit-links';
import { requiredHours } from '@/lib/server/services/learning/archive';

describe('exports', () => {
  it('quotes CSV fields as RFC 4180 says and defuses spreadsheet formulas', () => {
    expect(csvField('王晓明')).toBe('王晓明');
    expect(csvField('物理所, 一室')).toBe('"物理所, 一室"');
    expect(csvField('说"好"')).toBe('"说""好"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(12.5)).toBe('12.5');
  });

  it('reads the filters of a query string with their types, and refuses what is not one', () => {
    const q = exportQuery(
      new URLSearchParams('table=learners&format=xlsx&met=0&partyMember=1&orgId=3&year=2026&name='),
    );
    expect(exportSchema.parse(q)).toEqual({
      table: 'learners',
      format: 'xlsx',
      met: false,
      partyMember: true,
      orgId: 3,
      year: 2026,
    });
    expect(exportSchema.safeParse(exportQuery(new URLSearchParams('table=learners&format=pdf'))).success).toBe(false);
    expect(exportSchema.safeParse(exportQuery(new URLSearchParams('table=learners&format=csv&orgId=x'))).success).toBe(
      false,
    );
  });

  it('links to the export with the screen’s filters, and names the file by table and year', () => {
    expect(exportHref('learners', 'csv', { met: false, orgId: 4, name: '' })).toBe(
      '/api/manage/export?table=learners&format=csv&met=0&orgId=4',
    );
    expect(exportFileName('months', 'xlsx', 2026)).toBe('月度进度-2026.xlsx');
  });
});

describe('the leaders’ requirement (issue 26: 处级及以上)', () => {
  it('asks 110 offline hours from 副县处级 (level 1) up, 90 below', () => {
    expect(requiredHours(0)).toEqual({ online: 50, offline: 90 });
    expect(requiredHours(1)).toEqual({ online: 50, offline: 110 });
    expect(requiredHours(2).offline).toBe(110);
  });
});
