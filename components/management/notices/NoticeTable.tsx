'use client';

/** The notices of the publisher's list, each with what can be done to it in its status. */
import { audienceName } from '@/lib/contract/audiences';
import { NOTICE_STATUS_NAMES, type NoticeAction, type NoticeAdminRow } from '@/lib/contract/review';
import { formatDateTime } from '@/lib/format';
import { ScrollTable } from '@/components/ui/ScrollTable';

const STATUS_STYLE = {
  published: 'bg-green-100 text-green-800',
  draft: 'bg-gray-100 text-gray-800',
  withdrawn: 'bg-amber-100 text-amber-900',
} as const;
const th = 'px-3 py-2 font-medium';
const td = 'px-3 py-2 whitespace-nowrap';
const link = 'text-brand-700 hover:underline';

export function NoticeTable({
  rows,
  onEdit,
  onPreview,
  onAction,
}: {
  rows: NoticeAdminRow[];
  onEdit: (id: number) => void;
  onPreview: (id: number) => void;
  onAction: (id: number, title: string, action: NoticeAction) => void;
}) {
  return (
    <ScrollTable label="公告列表">
      <table className="min-w-full bg-white text-sm">
        <thead className="bg-gray-50 text-left text-gray-700">
          <tr>
            <th scope="col" className={th}>
              标题
            </th>
            <th scope="col" className={th}>
              状态
            </th>
            <th scope="col" className={th}>
              发布站点
            </th>
            <th scope="col" className={th}>
              发布时间
            </th>
            <th scope="col" className={th}>
              操作
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((n) => (
            <tr key={n.id} className="border-t border-gray-100" data-notice-id={n.id}>
              <td className="min-w-48 px-3 py-2 wrap-anywhere">
                {n.isTop && <span className="mr-1 rounded bg-red-100 px-1.5 text-xs text-red-800">置顶</span>}
                {n.title}
              </td>
              <td className={td}>
                <span className={`rounded px-2 py-0.5 ${STATUS_STYLE[n.status]}`}>{NOTICE_STATUS_NAMES[n.status]}</span>
              </td>
              <td className="min-w-36 px-3 py-2">{n.audiences.map(audienceName).join('、')}</td>
              <td className={td}>{n.publishedAt ? formatDateTime(n.publishedAt) : '—'}</td>
              <td className={`space-x-3 ${td}`}>
                <button type="button" className={link} onClick={() => onEdit(n.id)}>
                  编辑<span className="sr-only">{n.title}</span>
                </button>
                <button type="button" className={link} onClick={() => onPreview(n.id)}>
                  预览<span className="sr-only">{n.title}</span>
                </button>
                {n.status === 'published' ? (
                  <button
                    type="button"
                    className="text-red-700 hover:underline"
                    onClick={() => onAction(n.id, n.title, 'withdraw')}
                  >
                    撤回<span className="sr-only">{n.title}</span>
                  </button>
                ) : (
                  <button type="button" className={link} onClick={() => onAction(n.id, n.title, 'publish')}>
                    发布<span className="sr-only">{n.title}</span>
                  </button>
                )}
                <button
                  type="button"
                  className={link}
                  onClick={() => onAction(n.id, n.title, n.isTop ? 'unpin' : 'pin')}
                >
                  {n.isTop ? '取消置顶' : '置顶'}
                  <span className="sr-only">{n.title}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
