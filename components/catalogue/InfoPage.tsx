import { Breadcrumbs } from '@/components/ui/Breadcrumbs';

/** The static information pages (legal notices, app download, explanatory diagrams). */
export function InfoPage({ title, origin, children }: { title: string; origin: string; children: React.ReactNode }) {
  return (
    <div className="page-width py-6">
      <Breadcrumbs origin={origin} items={[{ name: title }]} />
      <article className="mx-auto max-w-4xl rounded-lg bg-white px-5 py-8 shadow-sm sm:px-10">
        <h1 className="mb-6 text-center text-2xl font-semibold text-gray-900">{title}</h1>
        <div className="space-y-4 text-[16px] leading-8 text-gray-800 [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_p]:indent-8">
          {children}
        </div>
      </article>
    </div>
  );
}
