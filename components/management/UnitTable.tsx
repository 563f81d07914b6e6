/** The learners of the unit report (issue 25): hours against the requirement, the ones short of it first. */
import { POSITION_LEVELS } from '@/lib/constants';
import type { UnitLearnerRow } from '@/lib/contract/management';
import { ScrollTable } from '@/components/ui/ScrollTable';

const th = 'whitespace-nowrap px-3 py-2 text-left font-medium';
const td = 'whitespace-nowrap px-3 py-2';

export function UnitTable({ rows }: { rows: UnitLearnerRow[] }) {
  return (
    <ScrollTable label="学员学时表">
      <table className="min-w-full bg-white text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className={th}>
              姓名
            </th>
            <th scope="col" className={th}>
              账号
            </th>
            <th scope="col" className={th}>
              单位
            </th>
            <th scope="col" className={th}>
              职级
            </th>
            <th scope="col" className={th}>
              党员
            </th>
            <th scope="col" className={th}>
              线上学时
            </th>
            <th scope="col" className={th}>
              线下学时
            </th>
            <th scope="col" className={th}>
              总学时
            </th>
            <th scope="col" className={th}>
              达标情况
            </th>
            <th scope="col" className={th}>
              完成课程
            </th>
            <th scope="col" className={th}>
              完成培训项目
            </th>
            <th scope="col" className={th}>
              通过考试
            </th>
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
