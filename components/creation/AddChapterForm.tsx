'use client';
/** 添加章节: a name and a file (uploaded as it is chosen), then 保存章节. */
import { useId } from 'react';
import { BusyButton } from '@/components/ui/BusyButton';
import { FileUploader } from './FileUploader';
import { useChapterForm } from './use-chapter-form';

/** Why 保存章节 waits while the chapter's file is still going up. */
export const MSG_WAIT_UPLOAD = '文件正在上传，请等待上传完成后保存';

export function AddChapterForm({ courseId, onChange }: { courseId: number; onChange: () => void }) {
  const id = useId();
  const { title, setTitle, titleRef, error, uploading, uploaderKey, uploaded, busyChange, save, saving } =
    useChapterForm(courseId, onChange);
  return (
    <section aria-labelledby={`${id}-add`} className="space-y-3 rounded bg-white p-5 shadow-sm">
      <h2 id={`${id}-add`} className="text-lg font-semibold">
        添加章节
      </h2>
      <div>
        <label htmlFor={`${id}-t`} className="text-sm font-medium">
          章节名称
        </label>
        <input
          ref={titleRef}
          id={`${id}-t`}
          className="mt-1 w-full rounded border border-gray-300 px-3 py-2"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={error?.field === 'title'}
          aria-describedby={error?.field === 'title' ? `${id}-err` : undefined}
        />
      </div>
      <FileUploader key={uploaderKey} onUploaded={uploaded} onBusyChange={busyChange} />
      {error && (
        <p id={`${id}-err`} role="alert" className="text-sm text-red-700">
          {error.text}
        </p>
      )}
      {uploading && (
        <p id={`${id}-wait`} className="text-sm text-gray-700">
          {MSG_WAIT_UPLOAD}
        </p>
      )}
      <BusyButton
        busy={saving}
        inactive={uploading}
        aria-describedby={uploading ? `${id}-wait` : undefined}
        className="rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60"
        onClick={save}
      >
        保存章节
      </BusyButton>
    </section>
  );
}
