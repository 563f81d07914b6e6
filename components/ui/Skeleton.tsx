export function Skeleton({ label = '加载中' }: { label?: string }) {
  return (
    <div className="page-width py-6" aria-busy="true" aria-label={label}>
      <div className="mb-4 h-8 w-1/3 animate-pulse rounded bg-gray-200" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-48 animate-pulse rounded-md bg-gray-100" />
        ))}
      </div>
    </div>
  );
}
