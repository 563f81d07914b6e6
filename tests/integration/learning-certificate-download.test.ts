/** The certificate download: the file for its owner; an envelope (the client's 下载失败) for anyone else or bad input. */
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { operators, seriesCourses } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { applySeriesCertificate } from '@/lib/server/services/learning/certificates';
import { serveCertificateDownload } from '@/lib/server/services/learning/certificate-download';

async function opId(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return op.id;
}
const post = (body: unknown, token?: string) =>
  serveCertificateDownload(
    new Request('http://localhost/media/certificate', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { 'x-access-token': token, host: 'localhost' } : { host: 'localhost' },
    }),
  );

afterAll(() => closeDb());

it('serves the SVG to its owner and JSON envelopes otherwise', async () => {
  const learner = await opId('learner');
  const [first] = await (
    await db()
  )
    .select({ seriesId: seriesCourses.seriesId })
    .from(seriesCourses)
    .orderBy(seriesCourses.seriesId)
    .limit(1);
  // Issued at 05:30 on 25 November in Beijing (still the 24th in UTC): the certificate says the 25th.
  const { certificateId } = await applySeriesCertificate(
    { site: { variant: 'main', dx: false }, platform: false },
    learner,
    first.seriesId,
    new Date('2026-11-24T21:30:00Z'),
  );
  const ok = await post({ certificateId }, await createSession(learner));
  expect(ok.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  expect(ok.headers.get('content-disposition')).toMatch(/attachment/);
  const svg = await ok.text();
  expect(svg).toContain('结业证书');
  expect(svg).toContain('2026年11月25日');
  expect(svg).toMatch(/证书编号：XL2026/);
  for (const res of [
    await post({ certificateId }),
    await post({ certificateId }, await createSession(await opId('student'))),
    await post({ certificateId: 'x' }),
    await post({ certificateId: -1 }),
  ]) {
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const env = await res.json();
    expect(env.code).not.toBe(0);
  }
});
