export function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="mb-4 border-l-4 border-brand-700 pl-3 text-xl font-semibold text-gray-900">
      {children}
    </h2>
  );
}
