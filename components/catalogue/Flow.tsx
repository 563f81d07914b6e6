/** An explanatory diagram: steps in order with arrows, readable by screen readers as an ordered list. */
export function Flow({ title, steps }: { title: string; steps: { name: string; note: string }[] }) {
  return (
    <figure className="my-6">
      <figcaption className="mb-3 text-center font-semibold">{title}</figcaption>
      <ol className="flex flex-col items-stretch gap-2 !indent-0 md:flex-row md:items-center">
        {steps.map((st, i) => (
          <li key={st.name} className="flex flex-1 flex-col items-center gap-2 md:flex-row">
            <div className="w-full rounded-lg border-2 border-brand-600 bg-brand-50 p-3 text-center">
              <span className="block font-semibold text-brand-800">
                {i + 1}. {st.name}
              </span>
              <span className="block text-sm leading-6 text-gray-700">{st.note}</span>
            </div>
            {i < steps.length - 1 && (
              <span aria-hidden="true" className="text-2xl text-brand-700 md:px-1">
                <span className="md:hidden">↓</span>
                <span className="hidden md:inline">→</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </figure>
  );
}
