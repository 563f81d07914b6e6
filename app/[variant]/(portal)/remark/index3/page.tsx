import type { CatalogueParams } from '@/lib/catalogue/server';
import { RemarkPage, remarkMetadata } from '@/components/remark/RemarkPage';

export const generateMetadata = ({ params }: { params: CatalogueParams }) => remarkMetadata('index3', params);

/** /remark/index3: 学时要求说明 (SPEC 2.1 remark). */
export default function Page({ params }: { params: CatalogueParams }) {
  return <RemarkPage diagram="index3" params={params} />;
}
