'use client';
/** The series' fields: 专题名称, 专题简介, 封面, 发布到; for a manager also 推荐专题 and 所属单位. */
import type { ManagedSeries } from '@/lib/contract/series-admin';
import { AUDIENCE_CHOICES } from '@/lib/contract/audiences';
import { WHOLE_INSTITUTION } from '@/lib/contract/management';
import { SERIES_SUMMARY_MAX, SERIES_TITLE_MAX } from '@/lib/validation/series-admin';
import { uploadLimitText, UPLOAD_EXTS } from '@/lib/validation/spaces';
import { BusyButton } from '@/components/ui/BusyButton';
import { useSeriesForm } from './use-series-form';
import { AudienceChecks } from '@/components/creation/AudienceChecks';

const field = 'mt-1 w-full rounded border border-gray-300 px-3 py-2';

export function SeriesForm({ series, onSaved }: { series: ManagedSeries | null; onSaved: (s: ManagedSeries) => void }) {
  const f = useSeriesForm(series, onSaved);
  const { form, setForm, errors } = f;
  const err = (k: string) =>
    errors[k] ? (
      <p id={`series-${k}-err`} role="alert" className="mt-1 text-sm text-red-700">
        {errors[k]}
      </p>
    ) : null;
  const invalid = (k: string) => ({
    'aria-invalid': !!errors[k],
    'aria-describedby': errors[k] ? `series-${k}-err` : undefined,
  });
  return (
    <form
      onSubmit={f.submit}
      noValidate
      aria-label="系列专题信息"
      className="space-y-4 rounded-lg bg-white p-5 shadow-sm"
    >
      <div>
        <label htmlFor="series-title" className="text-sm font-medium">
          专题名称
        </label>
        <input
          id="series-title"
          className={field}
          value={form.title}
          maxLength={SERIES_TITLE_MAX + 20}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          {...invalid('title')}
        />
        {err('title')}
      </div>
      <div>
        <label htmlFor="series-summary" className="text-sm font-medium">
          专题简介
        </label>
        <textarea
          id="series-summary"
          rows={4}
          className={field}
          value={form.summary}
          onChange={(e) => setForm({ ...form, summary: e.target.value })}
          {...invalid('summary')}
        />
        <p className="text-xs text-gray-600">
          已输入{[...form.summary.trim()].length}个字，不超过{SERIES_SUMMARY_MAX}字
        </p>
        {err('summary')}
      </div>
      <div>
        <label htmlFor="series-cover" className="text-sm font-medium">
          封面图片（{UPLOAD_EXTS.file.map((e) => e.toUpperCase()).join('、')}，不超过{uploadLimitText('file')}）
        </label>
        <input
          id="series-cover"
          type="file"
          accept={UPLOAD_EXTS.file.map((e) => `.${e}`).join(',')}
          className="mt-1 block w-full text-sm"
          disabled={f.coverBusy}
          {...invalid('cover')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void f.uploadCover(file);
          }}
        />
        {f.coverBusy && (
          <p role="status" className="text-sm text-gray-700">
            封面上传中…
          </p>
        )}
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
      <AudienceChecks
        options={AUDIENCE_CHOICES}
        value={form.audiences}
        onChange={(audiences) => setForm({ ...form, audiences })}
        invalid={invalid('audiences')}
        error={err('audiences')}
        firstId="series-audiences"
      />
      {f.managerFields && (
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.isRecommended}
              onChange={(e) => setForm({ ...form, isRecommended: e.target.checked })}
            />
            推荐专题（显示在“推荐专题”页）
          </label>
          <div>
            <label htmlFor="series-orgId" className="text-sm font-medium">
              所属单位
            </label>
            <select
              id="series-orgId"
              className={field}
              value={form.org}
              onChange={(e) => setForm({ ...form, org: e.target.value })}
              {...invalid('orgId')}
            >
              {!series && <option value="">默认（本单位）</option>}
              {(f.wholeInstitution || series?.orgId === null) && <option value="all">{WHOLE_INSTITUTION}</option>}
              {f.orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.parentId ? `— ${o.name}` : o.name}
                </option>
              ))}
            </select>
            {err('orgId')}
          </div>
        </div>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <BusyButton
        type="submit"
        busy={f.saving}
        inactive={f.coverBusy}
        className="rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60"
      >
        {series ? '保存' : '创建草稿'}
      </BusyButton>
    </form>
  );
}
