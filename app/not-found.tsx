import { NotFoundContent } from '@/components/shell/NotFoundContent';

/** Paths that reach no variant at all (the proxy sends unknown paths to the variant's own 404). */
export default function RootNotFound() {
  return (
    <main className="page-width py-20">
      <NotFoundContent />
    </main>
  );
}
