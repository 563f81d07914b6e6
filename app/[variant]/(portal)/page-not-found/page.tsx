import { notFound } from 'next/navigation';

/** proxy.ts rewrites paths outside the variant's route set here, so the 404 keeps the shell. */
export default function PageNotFound() {
  notFound();
}
