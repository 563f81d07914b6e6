/**
 * The benchmark's floor for per-visitor pages with the portal's shell (scripts/bench.mjs): /bench/dyn inside the
 * header, menu and footer, rendered on every request. Its distance to /bench/dyn is what the shell costs.
 */
export const dynamic = 'force-dynamic';
export const metadata = { title: '基准页（逐次渲染，含页头页脚）', robots: { index: false } };

export default function DynamicShellBaselinePage() {
  return (
    <div className="page-width py-10">
      <h1 className="text-2xl font-semibold">基准页（逐次渲染，含页头页脚）</h1>
      <p>此页面不读取任何数据，每次请求都连同页头、导航和页脚重新渲染，用于性能基准测试的对照。</p>
    </div>
  );
}
