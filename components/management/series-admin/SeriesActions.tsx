'use client';
/** 发布 / 取消发布 and 删除 of one series, each asked first with the 提示 / 确定 / 取消 prompt. */
import type { ManagedSeries } from '@/lib/contract/series-admin';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { BusyButton } from '@/components/ui/BusyButton';
import {
  SERIES_DELETE_CONFIRM,
  SERIES_PUBLISH_CONFIRM,
  SERIES_UNPUBLISH_CONFIRM,
  useDeleteSeries,
  usePublish,
} from './use-series-admin';

const button = 'rounded px-3 py-1.5 text-sm aria-disabled:opacity-60';

/** Why 删除 is not offered, said on the button's description. */
function deleteBlock(s: ManagedSeries): string {
  if (s.published) return '已发布的系列专题请先取消发布再删除';
  if (s.enrolCount > 0) return '已有学员加入，不能删除，可以保持取消发布';
  return '';
}

export function SeriesActions({ series: s, onDeleted }: { series: ManagedSeries; onDeleted?: () => void }) {
  const [confirm, dialog] = useConfirm();
  const publish = usePublish();
  const remove = useDeleteSeries(onDeleted);
  const blocked = deleteBlock(s);
  const hintId = `series-${s.id}-delete-hint`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {s.published ? (
        <BusyButton
          busy={publish.isPending}
          className={`${button} border border-amber-600 text-amber-800 hover:bg-amber-50`}
          aria-label={`取消发布 ${s.title}`}
          onClick={async () => {
            if (await confirm(SERIES_UNPUBLISH_CONFIRM)) publish.mutate({ id: s.id, published: false });
          }}
        >
          取消发布
        </BusyButton>
      ) : (
        <BusyButton
          busy={publish.isPending}
          className={`${button} bg-green-700 text-white hover:bg-green-800`}
          aria-label={`发布 ${s.title}`}
          onClick={async () => {
            if (await confirm(SERIES_PUBLISH_CONFIRM)) publish.mutate({ id: s.id, published: true });
          }}
        >
          发布
        </BusyButton>
      )}
      <BusyButton
        busy={remove.isPending}
        inactive={!!blocked}
        title={blocked || undefined}
        aria-describedby={blocked ? hintId : undefined}
        className={`${button} border border-red-600 text-red-700 hover:bg-red-50`}
        aria-label={`删除 ${s.title}`}
        onClick={async () => {
          if (await confirm(SERIES_DELETE_CONFIRM)) remove.mutate(s.id);
        }}
      >
        删除
      </BusyButton>
      {blocked && (
        <span id={hintId} className="sr-only">
          {blocked}
        </span>
      )}
      {dialog}
    </div>
  );
}
