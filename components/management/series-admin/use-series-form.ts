'use client';
/** The series form's values, its messages by field (the same zod schema the server uses) and the cover upload. */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import type { Audience } from '@/lib/contract/audiences';
import type { ManagedSeries } from '@/lib/contract/series-admin';
import { seriesFormSchema } from '@/lib/validation/series-admin';
import { uploadSmallFile } from '@/components/creation/upload-client';
import { useSaveSeries } from './use-series-admin';

export interface SeriesFormState {
  title: string;
  summary: string;
  cover: string;
  audiences: Audience[];
  isRecommended: boolean;
  /** '' the default unit, 'all' the whole institution, else an org id. */
  org: string;
}

export function useSeriesForm(series: ManagedSeries | null, onSaved: (s: ManagedSeries) => void) {
  const [form, setForm] = useState<SeriesFormState>({
    title: series?.title ?? '',
    summary: series?.summary ?? '',
    cover: series?.cover ?? '',
    audiences: series?.audiences ?? ['general'],
    isRecommended: series?.isRecommended ?? false,
    org: series ? (series.orgId === null ? 'all' : String(series.orgId)) : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [coverBusy, setCoverBusy] = useState(false);
  const powers = useQuery(apiQuery('/api/manage/myPowers'));
  const power = powers.data?.powers.find((p) => p.power === 'series-manage');
  const orgs = useQuery({ ...apiQuery('/api/manage/orgs', { power: 'series-manage' }), enabled: !!power });
  // A manager of the series' unit may set 推荐 and the unit; a teacher keeps what is there.
  const inScope = !!power && (power.orgIds === null || (series?.orgId != null && power.orgIds.includes(series.orgId)));
  const managerFields = !!power && (series === null || inScope);
  const save = useSaveSeries(series?.id, onSaved);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      title: form.title,
      summary: form.summary,
      cover: form.cover,
      audiences: form.audiences,
      ...(managerFields
        ? {
            isRecommended: form.isRecommended,
            ...(form.org === '' ? {} : { orgId: form.org === 'all' ? null : Number(form.org) }),
          }
        : {}),
    };
    const parsed = seriesFormSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      const first = parsed.error.issues[0]?.path[0];
      if (first) document.getElementById(`series-${String(first)}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(body, {
      onError: (err) => setErrors({ form: err instanceof Error ? err.message : '保存失败' }),
    });
  };

  const uploadCover = async (f: File) => {
    setCoverBusy(true);
    try {
      const up = await uploadSmallFile('/api/resourceFile/uploadFile', f);
      setForm((s) => ({ ...s, cover: up.url }));
      setErrors((x) => ({ ...x, cover: '' }));
    } catch (ex) {
      setErrors((x) => ({ ...x, cover: ex instanceof Error ? ex.message : '上传失败' }));
    } finally {
      setCoverBusy(false);
    }
  };

  return {
    form,
    setForm,
    errors,
    coverBusy,
    uploadCover,
    submit,
    saving: save.isPending,
    managerFields,
    wholeInstitution: power?.orgIds === null,
    orgs: orgs.data ?? [],
  };
}
