/** Progress rings of the archive: hours studied against the year's requirement (server-rendered SVG). */
import { ChartLegend } from '@/components/ui/ChartLegend';
import { formatHoursMinutes, secondsToHours } from '@/lib/format';

export function HoursRing({
  label,
  seconds,
  requiredHours,
  color,
}: {
  label: string;
  seconds: number;
  requiredHours: number;
  color: string;
}) {
  const hours = secondsToHours(seconds);
  const ratio = Math.min(1, hours / requiredHours);
  const r = 52;
  const c = 2 * Math.PI * r;
  return (
    <figure className="flex flex-col items-center gap-2" data-testid={`ring-${label}`}>
      <svg
        viewBox="0 0 128 128"
        className="h-32 w-32"
        role="img"
        aria-label={`${label}：${formatHoursMinutes(seconds)}，要求${requiredHours}学时，完成${Math.round(ratio * 100)}%`}
      >
        <circle cx="64" cy="64" r={r} fill="none" stroke="#e5e7eb" strokeWidth="12" />
        <circle
          cx="64"
          cy="64"
          r={r}
          fill="none"
          stroke={color}
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={`${c * ratio} ${c}`}
          transform="rotate(-90 64 64)"
        />
        <text x="64" y="72" textAnchor="middle" fontSize="26" fontWeight="600" fill="#111827">
          {Math.round(ratio * 100)}%
        </text>
      </svg>
      {/* The figures in HTML, not in the SVG: the ring shrinks on a phone, its text would shrink with it. */}
      <figcaption className="text-center text-sm">
        <span className="font-medium">{label}</span>
        <br />
        <span className="text-gray-700">
          {hours}/{requiredHours}学时
        </span>
        <br />
        <span className="text-gray-600">{formatHoursMinutes(seconds)}</span>
      </figcaption>
    </figure>
  );
}

export function MonthlyChart({ months }: { months: { month: number; online: number; offline: number }[] }) {
  const max = Math.max(1, ...months.map((m) => m.online + m.offline));
  const W = 600;
  const H = 200;
  const bw = W / 12;
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="w-full" role="img" aria-label="按月学时统计">
        {months.map((m, i) => {
          const on = (m.online / max) * H;
          const off = (m.offline / max) * H;
          return (
            <g key={m.month}>
              <title>{`${m.month}月：网络学时${formatHoursMinutes(m.online)}，线下学时${formatHoursMinutes(m.offline)}`}</title>
              <rect x={i * bw + bw * 0.2} y={H - on - off} width={bw * 0.6} height={off} fill="#f59e0b" />
              <rect x={i * bw + bw * 0.2} y={H - on} width={bw * 0.6} height={on} fill="#2563eb" />
            </g>
          );
        })}
      </svg>
      {/* Month labels in HTML, not in the SVG: the chart scales down to a phone's width, its text would too. */}
      <div className="grid grid-cols-12 text-center text-xs text-gray-600" aria-hidden="true">
        {months.map((m) => (
          <span key={m.month}>
            {m.month}
            <span className="hidden sm:inline">月</span>
          </span>
        ))}
      </div>
      <ChartLegend
        items={[
          { label: '网络学时', swatch: 'h-2 w-2 bg-[#2563eb]' },
          { label: '线下学时', swatch: 'h-2 w-2 bg-[#f59e0b]' },
        ]}
      />
      <table className="sr-only">
        <caption>按月学时</caption>
        <thead>
          <tr>
            <th>月份</th>
            <th>网络学时</th>
            <th>线下学时</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <td>{m.month}月</td>
              <td>{formatHoursMinutes(m.online)}</td>
              <td>{formatHoursMinutes(m.offline)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
