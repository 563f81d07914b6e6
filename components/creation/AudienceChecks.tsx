'use client';

/**
 * 发布到: the sites a course or series is published to, one checkbox each. `invalid` carries the field's aria-invalid
 * and message id; `error` is the message shown under the boxes.
 */
export function AudienceChecks<A extends string>({
  options,
  value,
  onChange,
  invalid,
  error,
  firstId,
}: {
  options: readonly (readonly [A, string])[];
  value: readonly A[];
  onChange: (next: A[]) => void;
  invalid: { 'aria-invalid': boolean; 'aria-describedby'?: string };
  error: React.ReactNode;
  /** The first box's id, for a label or an error summary that points at the group. */
  firstId?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">发布到</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {options.map(([key, label], i) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              id={i === 0 ? firstId : undefined}
              {...invalid}
              checked={value.includes(key)}
              onChange={(e) => onChange(e.target.checked ? [...value, key] : value.filter((a) => a !== key))}
            />
            {label}
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
