/** The benchmark's baseline (scripts/bench.mjs): a plain page of this server with no data. */
export const metadata = { title: '基准页', robots: { index: false } };

export default function BaselinePage() {
  return (
    <main className="page-width py-10">
      <h1 className="text-2xl font-semibold">基准页</h1>
      <p>此页面不读取任何数据，用于性能基准测试的对照。</p>
    </main>
  );
}
