import type { Metadata } from 'next';
import { SurveyPage } from '@/components/survey/SurveyPage';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: '问卷调查', robots: { index: false } };

type Props = {
  params: Promise<{ variant: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** /questionaire?id=CODE: fill in a questionnaire (saved once per learner). */
export default async function Page({ params, searchParams }: Props) {
  const id = (await searchParams).id;
  return <SurveyPage variant={(await params).variant} query={{ id: typeof id === 'string' ? id : undefined }} />;
}
