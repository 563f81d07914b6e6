/** The login dialog's field and button classes (fields.tsx re-exports them for the forms). */
export const inputClass =
  'w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-600 focus:outline-none aria-[invalid=true]:border-red-600';
export const primaryButton = 'w-full rounded-md bg-brand-700 py-2.5 text-white hover:bg-brand-800 disabled:opacity-60';
export const linkButton = 'text-brand-700 hover:underline underline-offset-2';
