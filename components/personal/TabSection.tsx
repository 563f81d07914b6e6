/** One tab's section: its heading, then its content or, when there is nothing yet, what to do about it. */
export function TabSection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {title}
      </h2>
      {empty ? <p className="mt-4 text-gray-500">{empty}</p> : children}
    </section>
  );
}
