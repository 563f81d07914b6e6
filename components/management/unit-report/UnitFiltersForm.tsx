'use client';

/** The unit report's filters (issue 25): organisation, position level, party member, met or not, name, year. */
import { useId, useState, type ReactNode } from 'react';
import { POSITION_LEVELS } from '@/lib/constants';
import type { OrgItem } from '@/lib/contract/management';
import type { UnitFilters } from '@/lib/validation/management';

const field = 'mt-1 block w-full rounded border border-gray-300 px-2 py-1.5 text-sm';

/** A label of its own beside the control (not around it), so the control's name is the label's text alone. */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="text-sm text-gray-700">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

const boolOf = (v: string) => (v === '1' ? true : v === '0' ? false : undefined);
const boolText = (v: boolean | undefined) => (v === undefined ? '' : v ? '1' : '0');

export function UnitFiltersForm({
  value,
  orgs,
  thisYear,
  onChange,
}: {
  value: UnitFilters;
  orgs: OrgItem[];
  thisYear: number;
  onChange: (f: UnitFilters) => void;
}) {
  const [draft, setDraft] = useState<UnitFilters>(value);
  const set = (patch: Partial<UnitFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const years = Array.from({ length: 5 }, (_, i) => thisYear - i);
  return (
    <form
      aria-label="筛选学员"
      className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 sm:grid-cols-3 lg:grid-cols-7"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...draft, name: draft.name?.trim() || undefined });
      }}
    >
      <Field label="年度">
        {(id) => (
          <select
            id={id}
            className={field}
            value={draft.year ?? thisYear}
            onChange={(e) => set({ year: Number(e.target.value) })}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}年
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="单位">
        {(id) => (
          <select
            id={id}
            className={field}
            value={draft.orgId ?? ''}
            onChange={(e) => set({ orgId: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">全部单位</option>
            {orgs.map((o) => (
              <option key={o.id} value={o.id}>
                {o.parentId ? `— ${o.name}` : o.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="职级">
        {(id) => (
          <select
            id={id}
            className={field}
            value={draft.positionLevel ?? ''}
            onChange={(e) => set({ positionLevel: e.target.value === '' ? undefined : Number(e.target.value) })}
          >
            <option value="">全部职级</option>
            {POSITION_LEVELS.map((n, i) => (
              <option key={n} value={i}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="党员">
        {(id) => (
          <select
            id={id}
            className={field}
            value={boolText(draft.partyMember)}
            onChange={(e) => set({ partyMember: boolOf(e.target.value) })}
          >
            <option value="">全部</option>
            <option value="1">是</option>
            <option value="0">否</option>
          </select>
        )}
      </Field>
      <Field label="达标情况">
        {(id) => (
          <select
            id={id}
            className={field}
            value={boolText(draft.met)}
            onChange={(e) => set({ met: boolOf(e.target.value) })}
          >
            <option value="">全部</option>
            <option value="0">未达标</option>
            <option value="1">已达标</option>
          </select>
        )}
      </Field>
      <Field label="姓名或账号">
        {(id) => (
          <input
            id={id}
            className={field}
            value={draft.name ?? ''}
            maxLength={40}
            onChange={(e) => set({ name: e.target.value })}
            placeholder="输入姓名或账号"
          />
        )}
      </Field>
      <div className="col-span-2 flex items-end gap-2 sm:col-span-3 lg:col-span-1">
        <button type="submit" className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800">
          查询
        </button>
        <button
          type="button"
          className="rounded border border-gray-300 px-4 py-1.5 text-sm hover:bg-gray-50"
          onClick={() => {
            setDraft({});
            onChange({});
          }}
        >
          重置
        </button>
      </div>
    </form>
  );
}
