/** Server side of the questionnaire pages: the definition fetched on the server, the form at the leaf. */
import { notFound } from 'next/navigation';
import { userApi } from '@/lib/api/visitor';
import { parseSiteSegment } from '@/lib/variants';
import { SurveyForm } from './SurveyForm';
import { call } from '@/lib/api/core';

export async function SurveyPage({
  variant,
  query,
  preview = false,
  heading,
}: {
  variant: string;
  query: { id?: string; trainId?: number };
  preview?: boolean;
  heading?: string;
}) {
  const site = parseSiteSegment(variant);
  if (!site) notFound();
  if (!query.id && !query.trainId) notFound();
  const { api } = await userApi(site);
  const survey = await call(api, '/api/collection/detail', query).catch(() => null);
  if (!survey) {
    return (
      <div className="page-width py-10">
        <p className="text-gray-600">问卷不存在或已关闭</p>
      </div>
    );
  }
  return (
    <div className="page-width max-w-3xl py-6">
      {heading && <p className="text-sm text-gray-500">{heading}</p>}
      <h1 className="text-xl font-semibold">{survey.title}</h1>
      {survey.intro && <p className="mt-2 text-gray-600">{survey.intro}</p>}
      <SurveyForm survey={survey} preview={preview} />
    </div>
  );
}
