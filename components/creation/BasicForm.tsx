'use client';
/** The course's basic information: name, category, cover, summary and the platforms it is published to. */
import { useId } from 'react';
import type { CreationCourse } from '@/lib/contract/spaces';
import { COURSE_CATEGORIES } from '@/lib/constants';
import { SUMMARY_MIN_CHARS, uploadLimitText, UPLOAD_EXTS } from '@/lib/validation/spaces';
import { BusyButton } from '@/components/ui/BusyButton';
import { AuditBadge } from './AuditBadge';
import { useBasicForm } from './use-basic-form';
import { AudienceChecks } from './AudienceChecks';
import { AUDIENCE_CHOICES } from '@/lib/contract/audiences';

export function BasicForm({ course, onSaved }: { course: CreationCourse | null; onSaved: (courseId: number) => void }) {
  const id = useId();
  const { form, setForm, errors, coverBusy, uploadCover, formRef, submit, saving } = useBasicForm(course, onSaved);
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
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded bg-white p-5 shadow-sm"
      aria-labelledby={`${id}-h`}
    >
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
        <input
          id={`${id}-title`}
          className={field}
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          {...invalid('title')}
        />
        {err('title')}
      </div>
      <div>
        <label htmlFor={`${id}-cat`} className="text-sm font-medium">
          课程分类
        </label>
        <select
          id={`${id}-cat`}
          className={field}
          value={form.categoryCode}
          onChange={(e) => setForm({ ...form, categoryCode: Number(e.target.value) })}
          {...invalid('categoryCode')}
        >
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
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void uploadCover(f);
          }}
        />
        {form.cover && (
          // eslint-disable-next-line @next/next/no-img-element -- an uploaded cover preview
          <img
            src={form.cover}
            alt="封面预览"
            width={240}
            height={135}
            className="mt-2 aspect-video w-60 rounded object-cover"
          />
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
        <p
          id={`${id}-summary-req`}
          className={`text-xs ${summaryChars >= SUMMARY_MIN_CHARS ? 'text-gray-600' : 'text-amber-800'}`}
        >
          提交审核时不少于{SUMMARY_MIN_CHARS}个字（已输入{summaryChars}个字）
        </p>
        {err('summary')}
      </div>
      <AudienceChecks
        options={AUDIENCE_CHOICES}
        value={form.audiences}
        onChange={(audiences) => setForm({ ...form, audiences })}
        invalid={invalid('audiences')}
        error={err('audiences')}
      />
      <BusyButton
        type="submit"
        busy={saving}
        inactive={coverBusy}
        className="rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60"
      >
        保存基本信息
      </BusyButton>
    </form>
  );
}
