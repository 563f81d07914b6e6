import type { Metadata } from 'next';
import { SurveyPage } from '@/components/survey/SurveyPage';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: '信息采集', robots: { index: false } };

type Props = {
  params: Promise<{ variant: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** /surveyPages/TrainSurvey?trainId=ID: a training project's information collection (login required by the route). */
export default async function Page({ params, searchParams }: Props) {
  const raw = (await searchParams).trainId;
  const trainId = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  return <SurveyPage variant={(await params).variant} query={{ trainId }} heading="培训项目信息采集" />;
}
