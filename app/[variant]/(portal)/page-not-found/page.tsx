import type { Metadata } from 'next';
import PortalNotFound from '../not-found';
import { NOT_FOUND_TITLE } from '@/components/shell/NotFoundContent';

/**
 * proxy.ts rewrites paths outside the variant's route set here with status 404, so the 404 keeps the shell. The
 * page renders the not-found content itself rather than calling notFound(): Next.js 16 answers a notFound() thrown
 * while rendering with an empty HTML shell that only the browser's JavaScript fills in.
 */
export const metadata: Metadata = { title: NOT_FOUND_TITLE, robots: { index: false } };

export default PortalNotFound;
