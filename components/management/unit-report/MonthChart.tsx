/**
 * The unit's progress by month (issue 25): the month's online and offline hours as bars, and how many learners
 * had met the year's requirement by then as a line; plain SVG, with the figures in a table for screen readers.
 */
import { ChartLegend } from '@/components/ui/ChartLegend';
import type { UnitMonth } from '@/lib/contract/management';

const W = 640;
const H = 220;
const PAD = { left: 44, right: 44, top: 16, bottom: 28 };

export function MonthChart({ months, learners }: { months: UnitMonth[]; learners: number }) {
  const maxHours = Math.max(1, ...months.map((m) => Math.max(m.onlineHours, m.offlineHours)));
  const maxMet = Math.max(1, learners);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / months.length;
  const bar = slot * 0.34;
  const y = (h: number) => PAD.top + innerH - (h / maxHours) * innerH;
  const yMet = (n: number) => PAD.top + innerH - (n / maxMet) * innerH;
  const line = months.map((m, i) => `${PAD.left + slot * i + slot / 2},${yMet(m.metLearners)}`).join(' ');
  return (
    <figure className="mt-3">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="#d1d5db" />
        <text x={4} y={PAD.top + 8} fontSize="10" fill="#6b7280">
          {Math.round(maxHours)}学时
        </text>
        <text x={W - 4} y={PAD.top + 8} fontSize="10" fill="#6b7280" textAnchor="end">
          {maxMet}人
        </text>
        {months.map((m, i) => {
          const x = PAD.left + slot * i + slot / 2;
          return (
            <g key={m.month}>
              <rect
                x={x - bar}
                y={y(m.onlineHours)}
                width={bar}
                height={PAD.top + innerH - y(m.onlineHours)}
                fill="#2563eb"
              />
              <rect
                x={x}
                y={y(m.offlineHours)}
                width={bar}
                height={PAD.top + innerH - y(m.offlineHours)}
                fill="#f59e0b"
              />
              <text x={x} y={H - 10} fontSize="10" fill="#374151" textAnchor="middle">
                {m.month}月
              </text>
            </g>
          );
        })}
        <polyline points={line} fill="none" stroke="#16a34a" strokeWidth="2" />
      </svg>
      <ChartLegend
        className="flex-wrap"
        items={[
          { label: '线上学时', swatch: 'h-2 w-3 bg-blue-600' },
          { label: '线下学时', swatch: 'h-2 w-3 bg-amber-500' },
          { label: '累计达标人数', swatch: 'h-0.5 w-3 bg-green-600 align-middle' },
        ]}
      />
      <table className="sr-only">
        <caption>各月学时与累计达标人数</caption>
        <thead>
          <tr>
            <th scope="col">月份</th>
            <th scope="col">线上学时</th>
            <th scope="col">线下学时</th>
            <th scope="col">累计达标人数</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{m.month}月</th>
              <td>{m.onlineHours}</td>
              <td>{m.offlineHours}</td>
              <td>{m.metLearners}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
