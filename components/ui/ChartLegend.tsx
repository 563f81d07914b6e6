/** A chart's legend under its figure: a swatch (Tailwind classes of its size and colour) and a label per series. */
export function ChartLegend({
  items,
  className = '',
}: {
  items: { label: string; swatch: string }[];
  className?: string;
}) {
  return (
    <figcaption className={`mt-1 flex gap-4 text-xs text-gray-600 ${className}`}>
      {items.map((item) => (
        <span key={item.label}>
          <span className={`mr-1 inline-block ${item.swatch}`} aria-hidden="true" />
          {item.label}
        </span>
      ))}
    </figcaption>
  );
}
