/** The learners of the unit report (issue 25): hours against the requirement, the ones short of it first. */
import { POSITION_LEVELS } from '@/lib/constants';
import type { UnitLearnerRow } from '@/lib/contract/management';
import { ScrollTable } from '@/components/ui/ScrollTable';

const th = 'whitespace-nowrap px-3 py-2 text-left font-medium';
const td = 'whitespace-nowrap px-3 py-2';

const COLUMNS = [
  '姓名',
  '账号',
  '单位',
  '职级',
  '党员',
  '线上学时',
  '线下学时',
  '总学时',
  '达标情况',
  '完成课程',
  '完成培训项目',
  '通过考试',
] as const;

export function UnitTable({ rows }: { rows: UnitLearnerRow[] }) {
  return (
    <ScrollTable label="学员学时表">
      <table className="min-w-full bg-white text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={th}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.operatorId} className="border-t border-gray-100">
              <th scope="row" className={`${td} text-left font-normal`}>
                {r.name}
              </th>
              <td className={td}>{r.userId}</td>
              <td className={td}>{r.orgName}</td>
              <td className={td}>{POSITION_LEVELS[r.positionLevel] ?? ''}</td>
              <td className={td}>{r.partyMember ? '是' : '否'}</td>
              <td className={`${td} ${r.onlineHours < r.requiredOnline ? 'text-red-700' : ''}`}>
                {r.onlineHours} / {r.requiredOnline}
              </td>
              <td className={`${td} ${r.offlineHours < r.requiredOffline ? 'text-red-700' : ''}`}>
                {r.offlineHours} / {r.requiredOffline}
              </td>
              <td className={td}>{r.totalHours}</td>
              <td className={td}>
                {r.met ? (
                  <span className="rounded bg-green-50 px-2 py-0.5 text-green-800">已达标</span>
                ) : (
                  <span className="rounded bg-red-50 px-2 py-0.5 text-red-800">未达标</span>
                )}
              </td>
              <td className={td}>{r.coursesCompleted}</td>
              <td className={td}>{r.trainsCompleted}</td>
              <td className={td}>{r.examsPassed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
