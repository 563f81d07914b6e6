'use client';

import Link from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import type { CreationCourse, CreationCourseRow, UploadedFile } from '@/lib/contract/spaces';
import type { Page } from '@/lib/contract/home';
import { AUDIT_STATUS, COURSE_CATEGORIES } from '@/lib/constants';
import { formatBytes, formatHMS } from '@/lib/format';
import { basicSchema, submitRequirements, SUMMARY_MIN_CHARS, uploadLimitText, UPLOAD_EXTS } from '@/lib/validation/spaces';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { toast } from '@/components/ui/Toaster';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { FileUploader } from './FileUploader';
import { uploadSmallFile } from './upload-client';
import { BusyButton } from '@/components/ui/BusyButton';
import { RemoveButton } from '@/components/ui/RemoveButton';
import { LoadFailed } from '@/components/ui/LoadFailed';

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
    <span className={`inline-block rounded px-2 py-0.5 text-sm ${STATUS_STYLE[status] ?? ''}`} data-testid="audit-status">
      {label}
      {status === 1051 && !submitted ? '（未提交）' : ''}
    </span>
  );
}

/** The creation centre (SPEC 2.1 /space/creation): my courses, and the upload form (tab videoSubmit). */
export function CreationCentre({ ownerId, tab, courseId }: { ownerId: string; tab: string; courseId: number | null }) {
  const href = (t: string, c?: number) => `/space/creation?tab=${t}${ownerId ? `&id=${ownerId}` : ''}${c ? `&courseId=${c}` : ''}`;
  const tabs = [
    { key: 'myCourse', label: '我的课程' },
    { key: 'videoSubmit', label: courseId ? '编辑课程' : '上传课程' },
  ];
  const active = tab === 'videoSubmit' ? 'videoSubmit' : 'myCourse';
  return (
    <div className="page-width py-6">
      <h1 className="mb-4 text-2xl font-bold text-gray-900">创作中心</h1>
      <nav aria-label="创作中心" className="mb-5 flex gap-2 border-b border-gray-200">
        {tabs.map((t) => (
          <Link
            key={t.key}
            href={t.key === 'videoSubmit' ? href(t.key, courseId ?? undefined) : href(t.key)}
            aria-current={active === t.key ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 ${active === t.key ? 'border-brand-700 font-semibold text-brand-800' : 'border-transparent text-gray-600 hover:text-brand-700'}`}
          >
            {t.label}
          </Link>
        ))}
        {courseId && active === 'videoSubmit' && (
          <Link href={href('videoSubmit')} className="ml-auto self-center text-sm text-brand-700 hover:underline">
            + 新建课程
          </Link>
        )}
      </nav>
      {active === 'videoSubmit' ? <CourseEditor key={courseId ?? 'new'} courseId={courseId} editHref={(c) => href('videoSubmit', c)} /> : <MyCourses editHref={(c) => href('videoSubmit', c)} newHref={href('videoSubmit')} />}
    </div>
  );
}

/** The empty list's link: where the keyboard goes when the last course is deleted. */
const FIRST_COURSE_LINK = 'creation-first-course';

function MyCourses({ editHref, newHref }: { editHref: (c: number) => string; newHref: string }) {
  const qc = useQueryClient();
  const [confirm, dialog] = useConfirm();
  const list = useQuery(apiQuery<Page<CreationCourseRow>>('/api/resourceFile/myCourses', { pageSize: 50 }));
  const remove = useMutation({
    mutationFn: (courseId: number) => api.request('/api/resourceFile/removeCourse', { courseId }),
    onSuccess: () => {
      toast('info', '课程已删除');
      void qc.invalidateQueries({ queryKey: ['/api/resourceFile/myCourses'] });
    },
  });
  if (list.isPending) return <p aria-busy="true">加载中…</p>;
  if (list.isError) return <LoadFailed what="课程列表" onRetry={list.refetch} retrying={list.isFetching} className="rounded bg-white p-8 text-gray-700" />;
  if (list.data.list.length === 0)
    return (
      <p className="rounded bg-white p-8 text-center text-gray-700">
        还没有课程，
        <Link id={FIRST_COURSE_LINK} href={newHref} className="text-brand-700 underline">
          上传第一门课程
        </Link>
      </p>
    );
  const th = 'whitespace-nowrap px-4 py-2';
  const td = 'whitespace-nowrap px-4 py-2';
  return (
    <div className="rounded bg-white shadow-sm">
      {dialog}
      <ScrollTable label="我的课程列表">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">我的课程</caption>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className={th}>
                课程名称
              </th>
              <th scope="col" className={th}>
                分类
              </th>
              <th scope="col" className={th}>
                章节
              </th>
              <th scope="col" className={th}>
                审核状态
              </th>
              <th scope="col" className={th}>
                操作
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.list.map((c) => (
              <tr key={c.courseId} className="border-t border-gray-100">
                <td className="min-w-40 px-4 py-2 font-medium wrap-anywhere">{c.title}</td>
                <td className={td}>{COURSE_CATEGORIES.find((x) => x.code === c.categoryCode)?.name}</td>
                <td className={td}>{c.chapterCount}</td>
                <td className={td}>
                  <AuditBadge status={c.auditStatus} submitted={c.submitted} />
                </td>
                <td className={`space-x-3 ${td}`}>
                  <Link href={editHref(c.courseId)} className="text-brand-700 hover:underline">
                    编辑<span className="sr-only">{c.title}</span>
                  </Link>
                  <RemoveButton
                    what={c.title}
                    ask={() => confirm(`确定删除课程“${c.title}”吗？${c.auditStatus === 1052 ? '该课程已发布，删除后将从课程目录中移除。' : ''}删除后不可恢复。`)}
                    remove={() => remove.mutate(c.courseId)}
                    fallback={() => document.getElementById(FIRST_COURSE_LINK)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

type FormState = { title: string; categoryCode: number; cover: string; summary: string; audiences: ('general' | 'party' | 'student')[] };
const AUDIENCES: [FormState['audiences'][number], string][] = [
  ['general', '继续教育网络学院'],
  ['party', '党员网络学习平台'],
  ['student', '研究生科学教育平台'],
];

/** Any change to an approved course (creation service afterEdit) sends it back to review and out of the catalogue. */
export const PUBLISHED_EDIT_NOTE = '该课程已审核通过并发布。修改基本信息或增删章节后，课程将退回“未审核”状态并从课程目录下架，需重新提交审核。';

/** Why 保存章节 waits while the chapter's file is still going up. */
export const MSG_WAIT_UPLOAD = '文件正在上传，请等待上传完成后保存';

function CourseEditor({ courseId, editHref }: { courseId: number | null; editHref: (c: number) => string }) {
  const router = useRouter();
  const qc = useQueryClient();
  const basic = useQuery({ ...apiQuery<CreationCourse>('/api/resourceFile/getBasic', { courseId }), enabled: !!courseId });
  if (courseId && basic.isPending) return <p aria-busy="true">加载中…</p>;
  if (courseId && basic.isError) return <p role="alert">课程不存在或无权编辑。</p>;
  const refresh = () => qc.invalidateQueries({ queryKey: ['/api/resourceFile/getBasic'] });
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {basic.data?.auditStatus === 1052 && (
        <p role="note" className="rounded bg-amber-50 p-3 text-sm text-amber-900 lg:col-span-2">
          {PUBLISHED_EDIT_NOTE}
        </p>
      )}
      <BasicForm
        key={basic.data?.updatedAt ?? 'new'}
        course={basic.data ?? null}
        onSaved={(id) => {
          if (!courseId) router.replace(editHref(id));
          else void refresh();
        }}
      />
      {courseId && basic.data ? <Chapters course={basic.data} onChange={refresh} /> : <p className="rounded bg-white p-5 text-gray-700">保存基本信息后即可添加章节、上传课程视频和文档。</p>}
    </div>
  );
}

function BasicForm({ course, onSaved }: { course: CreationCourse | null; onSaved: (courseId: number) => void }) {
  const id = useId();
  const [form, setForm] = useState<FormState>({
    title: course?.title ?? '',
    categoryCode: course?.categoryCode ?? 0,
    cover: course?.cover ?? '',
    summary: course?.summary ?? '',
    audiences: (course?.audiences as FormState['audiences']) ?? ['general'],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [coverBusy, setCoverBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused 保存: the keyboard goes to the first invalid field, once its message is there to describe it.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const save = useMutation({
    mutationFn: (b: FormState) => api.request<{ courseId: number }>('/api/resourceFile/updateBasic', { ...b, courseId: course?.courseId }),
    onSuccess: (r) => {
      toast('info', '基本信息已保存');
      onSaved(r.courseId);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = basicSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      setRefusals((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(form);
  };
  const err = (k: string) =>
    errors[k] ? (
      <p id={`${id}-${k}-err`} role="alert" className="mt-1 text-sm text-red-700">
        {errors[k]}
      </p>
    ) : null;
  /** aria-invalid and the message id of a field (with its own description, if it has one). */
  const invalid = (k: string, own?: string) => ({
    'aria-invalid': !!errors[k],
    'aria-describedby': [own, errors[k] ? `${id}-${k}-err` : ''].filter(Boolean).join(' ') || undefined,
  });
  const field = 'mt-1 w-full rounded border border-gray-300 px-3 py-2';
  const summaryChars = [...form.summary.trim()].length;
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4 rounded bg-white p-5 shadow-sm" aria-labelledby={`${id}-h`}>
      <div className="flex items-center justify-between">
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          基本信息
        </h2>
        {course && <AuditBadge status={course.auditStatus} submitted={course.submitted} />}
      </div>
      <div>
        <label htmlFor={`${id}-title`} className="text-sm font-medium">
          课程名称
        </label>
        <input id={`${id}-title`} className={field} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} {...invalid('title')} />
        {err('title')}
      </div>
      <div>
        <label htmlFor={`${id}-cat`} className="text-sm font-medium">
          课程分类
        </label>
        <select id={`${id}-cat`} className={field} value={form.categoryCode} onChange={(e) => setForm({ ...form, categoryCode: Number(e.target.value) })} {...invalid('categoryCode')}>
          <option value={0}>请选择</option>
          {COURSE_CATEGORIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {err('categoryCode')}
      </div>
      <div>
        <label htmlFor={`${id}-cover`} className="text-sm font-medium">
          封面图片（{UPLOAD_EXTS.file.map((e) => e.toUpperCase()).join('、')}，不超过{uploadLimitText('file')}）
        </label>
        <p id={`${id}-cover-req`} className={`text-xs ${form.cover ? 'text-gray-600' : 'text-amber-800'}`}>
          提交审核时必须有封面{form.cover ? '' : '：尚未上传'}
        </p>
        <input
          id={`${id}-cover`}
          type="file"
          accept={UPLOAD_EXTS.file.map((e) => `.${e}`).join(',')}
          {...invalid('cover', `${id}-cover-req`)}
          className="mt-1 block w-full text-sm"
          disabled={coverBusy}
          onChange={async (e) => {
            const f = e.target.files?.[0];
            if (!f) return;
            setCoverBusy(true);
            try {
              const up: UploadedFile = await uploadSmallFile('/api/resourceFile/uploadFile', f);
              setForm((s) => ({ ...s, cover: up.url }));
              setErrors((x) => ({ ...x, cover: '' }));
            } catch (ex) {
              setErrors((x) => ({ ...x, cover: ex instanceof Error ? ex.message : '上传失败' }));
            } finally {
              setCoverBusy(false);
            }
          }}
        />
        {form.cover && (
          // eslint-disable-next-line @next/next/no-img-element -- an uploaded cover preview
          <img src={form.cover} alt="封面预览" width={240} height={135} className="mt-2 aspect-video w-60 rounded object-cover" />
        )}
        {err('cover')}
      </div>
      <div>
        <label htmlFor={`${id}-summary`} className="text-sm font-medium">
          课程简介
        </label>
        <textarea
          id={`${id}-summary`}
          rows={4}
          className={field}
          value={form.summary}
          onChange={(e) => setForm({ ...form, summary: e.target.value })}
          {...invalid('summary', `${id}-summary-req`)}
        />
        <p id={`${id}-summary-req`} className={`text-xs ${summaryChars >= SUMMARY_MIN_CHARS ? 'text-gray-600' : 'text-amber-800'}`}>
          提交审核时不少于{SUMMARY_MIN_CHARS}个字（已输入{summaryChars}个字）
        </p>
        {err('summary')}
      </div>
      <fieldset>
        <legend className="text-sm font-medium">发布到</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {AUDIENCES.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                {...invalid('audiences')}
                checked={form.audiences.includes(key)}
                onChange={(e) => setForm({ ...form, audiences: e.target.checked ? [...form.audiences, key] : form.audiences.filter((a) => a !== key) })}
              />
              {label}
            </label>
          ))}
        </div>
        {err('audiences')}
      </fieldset>
      <BusyButton type="submit" busy={save.isPending} inactive={coverBusy} className="rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60">
        保存基本信息
      </BusyButton>
    </form>
  );
}

function Chapters({ course, onChange }: { course: CreationCourse; onChange: () => void }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<{ file: UploadedFile; duration: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<{ field: 'title' | 'file'; text: string } | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const [uploaderKey, setUploaderKey] = useState(0);
  const [unmet, setUnmet] = useState<string[]>([]);
  const [confirm, dialog] = useConfirm();
  const addChapter = useMutation({
    mutationFn: () => api.request('/api/resourceFile/saveChapter', { courseId: course.courseId, title: title.trim(), fileId: file!.file.fileId, durationSeconds: file!.duration }),
    onSuccess: () => {
      toast('info', '章节已保存');
      setTitle('');
      setFile(null);
      setError(null);
      setUploaderKey((k) => k + 1);
      onChange();
    },
  });
  const removeChapter = useMutation({ mutationFn: (chapterId: number) => api.request('/api/resourceFile/removeChapter', { chapterId }), onSuccess: onChange });
  const submit = useMutation({
    mutationFn: () => api.request<{ auditStatus: number; auditLabel: string; auditReason: string }>('/api/resourceFile/submit', { courseId: course.courseId }),
    onSuccess: (r) => {
      toast(r.auditStatus === 1053 ? 'warning' : 'info', `已提交：${r.auditLabel}${r.auditReason ? `（${r.auditReason}）` : ''}`);
      onChange();
    },
  });
  const locked = course.auditStatus === 1054 || (course.auditStatus === 1056 && course.submitted);
  const requirements = submitRequirements({ chapterCount: course.chapters.length, cover: course.cover, summary: course.summary });
  // Reported at 提交审核, all at once; each leaves the list once it is met.
  const stillUnmet = unmet.filter((m) => requirements.includes(m));
  return (
    <div className="space-y-4">
      {dialog}
      <section aria-labelledby={`${id}-h`} className="rounded bg-white p-5 shadow-sm">
        <h2 id={`${id}-h`} tabIndex={-1} className="mb-3 text-lg font-semibold focus:outline-none">
          课程章节
        </h2>
        {course.chapters.length === 0 ? (
          <p className="text-gray-600">暂无章节</p>
        ) : (
          <ol className="divide-y divide-gray-100">
            {course.chapters.map((ch) => (
              <li key={ch.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 wrap-anywhere">
                  <span className="font-medium">{ch.title}</span>
                  <span className="ml-2 text-gray-600">
                    {ch.fileName} {ch.fileSize ? formatBytes(ch.fileSize) : ''} {ch.durationSeconds ? formatHMS(ch.durationSeconds) : ''}
                  </span>
                </span>
                {!locked && (
                  <RemoveButton
                    what={ch.title}
                    className="shrink-0"
                    busy={removeChapter.isPending}
                    ask={() =>
                      confirm(`${course.auditStatus === 1052 ? '该课程已审核通过并发布，删除章节后课程将退回“未审核”状态并从课程目录下架，需重新提交审核。\n' : ''}确定删除章节“${ch.title}”吗？`)
                    }
                    remove={() => removeChapter.mutate(ch.id)}
                    fallback={() => document.getElementById(`${id}-h`)}
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      {!locked && (
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
              onChange={(e) => {
                setTitle(e.target.value);
                // The name asked for is given: the message about it no longer holds.
                if (e.target.value.trim()) setError((err) => (err?.field === 'title' ? null : err));
              }}
              aria-invalid={error?.field === 'title'}
              aria-describedby={error?.field === 'title' ? `${id}-err` : undefined}
            />
          </div>
          <FileUploader
            key={uploaderKey}
            onUploaded={(f, d) => setFile({ file: f, duration: d })}
            onBusyChange={(busy) => {
              setUploading(busy);
              // A new file replaces the one uploaded before; the message about the file no longer holds.
              if (busy) {
                setFile(null);
                setError((e) => (e?.field === 'file' ? null : e));
              }
            }}
          />
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
            busy={addChapter.isPending}
            inactive={uploading}
            aria-describedby={uploading ? `${id}-wait` : undefined}
            className="rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60"
            onClick={() => {
              if (!title.trim()) {
                setError({ field: 'title', text: '请填写章节名称' });
                return titleRef.current?.focus();
              }
              if (!file) return setError({ field: 'file', text: '请先选择并上传章节文件' });
              setError(null);
              addChapter.mutate();
            }}
          >
            保存章节
          </BusyButton>
        </section>
      )}
      <section aria-labelledby={`${id}-review`} className="space-y-2 rounded bg-white p-5 shadow-sm">
        <h2 id={`${id}-review`} className="text-lg font-semibold">
          审核
        </h2>
        <p className="text-sm text-gray-700">
          当前状态：<AuditBadge status={course.auditStatus} submitted={course.submitted} />
          {course.auditReason && <span className="ml-2">审核意见：{course.auditReason}</span>}
        </p>
        {!locked && course.auditStatus !== 1052 && (
          <>
            <p className="text-sm text-gray-600">
              提交审核需要：至少一个章节、课程封面、不少于{SUMMARY_MIN_CHARS}个字的课程简介（以已保存的基本信息为准）。
            </p>
            {stillUnmet.length > 0 && (
              <div role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
                <p className="font-medium">还不能提交审核：</p>
                <ul className="mt-1 list-disc pl-5">
                  {stillUnmet.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </div>
            )}
            <BusyButton
              busy={submit.isPending}
              onClick={() => {
                setUnmet(requirements);
                if (requirements.length === 0) submit.mutate();
              }}
              className="rounded bg-green-700 px-5 py-2 text-white hover:bg-green-800 aria-disabled:opacity-60"
            >
              提交审核
            </BusyButton>
          </>
        )}
      </section>
    </div>
  );
}
