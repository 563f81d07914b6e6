'use client';
/** A course's review status (AUDIT_STATUS), coloured by status; a draft never submitted says so. */
import { AUDIT_STATUS } from '@/lib/constants';

const STATUS_STYLE: Record<number, string> = {
  1051: 'bg-gray-100 text-gray-800',
  1052: 'bg-green-100 text-green-800',
  1053: 'bg-red-100 text-red-800',
  1054: 'bg-amber-100 text-amber-900',
  1055: 'bg-orange-100 text-orange-900',
  1056: 'bg-sky-100 text-sky-900',
};

export function AuditBadge({ status, submitted }: { status: number; submitted: boolean }) {
  const label = AUDIT_STATUS[status as keyof typeof AUDIT_STATUS] ?? '';
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-sm ${STATUS_STYLE[status] ?? ''}`}
      data-testid="audit-status"
    >
      {label}
      {status === 1051 && !submitted ? '（未提交）' : ''}
    </span>
  );
}
