'use client';

/** The error state of a catalogue section (its error.tsx): a message and a way to try again. */
export function ErrorPage({ reset, what }: { reset: () => void; what: string }) {
  return (
    <div className="page-width py-16 text-center" role="alert">
      <p className="text-lg text-gray-800">{what}暂时无法加载，请稍后重试。</p>
      <button
        type="button"
        onClick={reset}
        className="mt-4 rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800"
      >
        重新加载
      </button>
    </div>
  );
}
