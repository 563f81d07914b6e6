import { NotFoundContent } from '@/components/shell/NotFoundContent';

export default function PortalNotFound() {
  return (
    <div className="page-width py-16">
      <NotFoundContent />
    </div>
  );
}
