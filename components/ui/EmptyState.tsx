export function EmptyState({ children = '暂无内容' }: { children?: React.ReactNode }) {
  return <p className="rounded-lg bg-white py-16 text-center text-gray-600">{children}</p>;
}

export function ErrorState({ what }: { what: string }) {
  return (
    <p role="alert" className="rounded-lg bg-white py-16 text-center text-gray-600">
      {what}暂时无法加载，请稍后刷新页面重试。
    </p>
  );
}
