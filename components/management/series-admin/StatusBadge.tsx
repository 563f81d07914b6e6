/** 草稿 / 已发布 of a series. */
export function StatusBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">已发布</span>
  ) : (
    <span className="rounded bg-gray-200 px-2 py-0.5 text-xs text-gray-800">草稿</span>
  );
}
