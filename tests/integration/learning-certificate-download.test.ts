/** The certificate download: the PDF for its owner; an envelope (the client's 下载失败) for anyone else or bad input. */
import { and, eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { certificates, operators, seriesCourses } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { applySeriesCertificate, certificateDetail } from '@/lib/server/services/learning/certificates';
import { certificateText } from '@/lib/learning/certificate-svg';
import { certificateDownload } from '@/lib/server/http/media-route';

async function opId(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return op.id;
}
const post = (body: unknown, token?: string) =>
  certificateDownload(
    new Request('http://localhost/media/certificate', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { 'x-access-token': token, host: 'localhost' } : { host: 'localhost' },
    }),
  );

afterAll(() => closeDb());

it('serves the PDF to its owner and JSON envelopes otherwise', async () => {
  const learner = await opId('learner');
  const [first] = await (
    await db()
  )
    .select({ seriesId: seriesCourses.seriesId })
    .from(seriesCourses)
    .orderBy(seriesCourses.seriesId)
    .limit(1);
  // The learner's certificate of that series is this test's own: another suite on the same database may have issued
  // it today (an application gives back the certificate already issued), so it is issued afresh and removed after.
  const own = and(
    eq(certificates.operatorId, learner),
    eq(certificates.kind, 'series'),
    eq(certificates.refId, first.seriesId),
  );
  await (await db()).delete(certificates).where(own);
  // Issued at 05:30 on 25 November in Beijing (still the 24th in UTC): the certificate says the 25th.
  const { certificateId } = await applySeriesCertificate(
    { site: { variant: 'main', dx: false }, platform: false },
    learner,
    first.seriesId,
    new Date('2026-11-24T21:30:00Z'),
  );
  const ok = await post({ certificateId }, await createSession(learner));
  expect(ok.headers.get('content-type')).toBe('application/pdf');
  expect(ok.headers.get('content-disposition')).toMatch(/attachment; filename="certificate-XL2026\d+\.pdf"/);
  const pdf = Buffer.from(await ok.arrayBuffer());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const raw = pdf.toString('latin1');
  // The CJK font travels inside the file, as a subset of the glyphs used (the whole face is over 20 MB).
  expect(raw).toMatch(/\/FontFile[23]?\b/);
  expect(raw).toMatch(/NotoSe(rif|ns)CJKsc-Regular/);
  expect(pdf.length).toBeLessThan(400_000);
  // The QR code of the verification page is an image on the page.
  expect(raw).toMatch(/\/Subtype \/Image/);
  // What the PDF says is what the page's SVG says (one wording: lib/learning/certificate-svg certificateText).
  const detail = await certificateDetail(learner, certificateId);
  const text = certificateText(detail, '继续教育网络学院');
  expect(text.heading).toBe('结业证书');
  expect(text.date).toBe('2026年11月25日');
  expect(text.serial).toMatch(/证书编号：XL2026/);
  expect(text.code).toContain(detail.verifyCode);
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
  await (await db()).delete(certificates).where(own);
});
