/**
 * The benchmark's floor for pages rendered on every request (scripts/bench.mjs): no data, no shell. What any
 * per-visitor page (search, player, personal centre) costs at least on this server.
 */
export const dynamic = 'force-dynamic';
export const metadata = { title: '基准页（逐次渲染）', robots: { index: false } };

export default function DynamicBaselinePage() {
  return (
    <main className="page-width py-10">
      <h1 className="text-2xl font-semibold">基准页（逐次渲染）</h1>
      <p>此页面不读取任何数据，每次请求都重新渲染，用于性能基准测试的对照。</p>
    </main>
  );
}
