'use client';
/** A chapter video's HLS transcoding, beside its file: 转码中 NN% while the job waits or runs, 转码失败 when unreadable. */
import type { CreationChapter } from '@/lib/contract/spaces';

export const TRANSCODE_FAILED_TEXT = '转码失败：文件无法识别';

export function TranscodeBadge({ transcode }: { transcode: CreationChapter['transcode'] }) {
  if (!transcode || transcode.state === 'ready') return null;
  if (transcode.state === 'failed')
    return (
      <span
        role="alert"
        data-testid="transcode-state"
        className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-800"
        title="请删除该章节并重新上传可以播放的视频文件"
      >
        {TRANSCODE_FAILED_TEXT}
      </span>
    );
  return (
    <span
      data-testid="transcode-state"
      className="ml-2 rounded bg-sky-50 px-1.5 py-0.5 text-xs text-sky-800"
      title="视频转码完成后才能提交审核"
    >
      转码中 {transcode.percent}%
    </span>
  );
}
