export function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="module-title mb-4">
      {children}
    </h2>
  );
}
