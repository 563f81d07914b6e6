/** An exam taken, reloaded mid-way with its answers kept, submitted and scored; a survey refused when incomplete, submitted once. */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { mainOnly, signIn, signInInPage } from './learning-support';

test('an exam: start, answer, reload with answers kept, submit, score', async ({ page }, testInfo) => {
  mainOnly(testInfo);
  await signIn(page.request, 'learner');
  await page.goto('/exam');
  const row = page.getByRole('row', { name: /继续教育学习规定测验/ });
  await expect(row.getByText('未考试', { exact: true })).toBeVisible();
  // Not joined (-1) reads differently from not taken (0): its action is 报名.
  await expect(page.getByRole('row', { name: /保密知识专题考试/ }).getByText('未报名', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: '开始考试' }).click();
  await expect(page.getByTestId('exam-timer')).toContainText('剩余时间');
  const q1 = page.getByRole('group', { name: /^1\./ });
  await q1.getByLabel('B. 50学时').check();
  await expect(q1.getByText('已保存')).toBeVisible();
  const q3 = page.getByRole('group', { name: /^3\./ });
  for (const o of ['A. 课程资源', 'B. 系列专题', 'C. 培训项目', 'D. 直播课堂']) await q3.getByLabel(o).check();
  await expect(q3.getByText('已保存')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('group', { name: /^1\./ }).getByLabel('B. 50学时')).toBeChecked();
  await expect(page.getByRole('group', { name: /^3\./ }).getByLabel('D. 直播课堂')).toBeChecked();
  await page.getByRole('group', { name: /^5\./ }).getByLabel('A. 正确').check();

  await page.getByRole('button', { name: '交卷' }).click();
  const ask = page.getByRole('alertdialog', { name: '提示' });
  await expect(ask).toContainText(/还有\d+道题未作答。确定交卷吗？/);
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('exam-score')).toHaveText('50 分');
  await page.goto('/exam');
  await expect(
    page.getByRole('row', { name: /继续教育学习规定测验/ }).getByRole('link', { name: '查看成绩' }),
  ).toBeVisible();
});

test('a survey: refused when incomplete, submitted, then refused a second time', async ({ page }, testInfo) => {
  mainOnly(testInfo);
  await signIn(page.request, 'party');
  await page.goto('/questionaire?id=feedback');
  await expect(page.getByRole('heading', { name: '平台使用意见反馈问卷' })).toBeVisible();
  // Both required questions are marked at once, each beside its question.
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.locator('#survey-problem')).toHaveText('还有2道题需要填写或修改，请查看标红的题目');
  await expect(page.getByText('第1题为必答题，请作答')).toBeVisible();
  await expect(page.getByText('第2题为必答题，请作答')).toBeVisible();
  await page.getByText('4分', { exact: true }).click();
  await expect(page.getByText('第1题为必答题，请作答')).toHaveCount(0);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.locator('#survey-problem')).toHaveText('第2题为必答题，请作答');
  await page.getByLabel('系列专题').check();
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/\/successSubmit/);
  await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
  await page.goto('/questionaire?id=feedback');
  await expect(page.getByText('您已提交过该问卷，感谢参与！')).toBeVisible();
  await expect(page.getByRole('button', { name: '提交' })).toHaveCount(0);
});

test('the personal centre on the student host (science personal area)', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'student', 'student host only');
  await signInInPage(page, 'student');
  await page.goto('/personal/index');
  await expect(page.getByRole('heading', { name: '科教个人空间' })).toBeVisible();
  await expect(page.getByRole('img', { name: /网络学时：.*要求50学时/ })).toBeVisible();
});

test('a certificate: applied for a finished series, shown in the personal centre, print preview and download', async ({
  page,
}, testInfo) => {
  mainOnly(testInfo);
  await signIn(page.request, 'learner');
  // The learner's first series is finished in the seed: the certificate is issued.
  let certificateId = 0;
  for (let seriesId = 1; seriesId < 40 && !certificateId; seriesId++) {
    const res = await (
      await page.request.post('/api/recommendseries/applicationCertificate', { data: { seriesId } })
    ).json();
    if (res.code === 0) certificateId = res.data.certificateId;
  }
  expect(certificateId).toBeGreaterThan(0);
  await page.goto('/personal/index?tab=certificates');
  await page.locator(`a[href="/personal/certificate?id=${certificateId}"]`).click();
  await expect(page.getByRole('img', { name: '证书' })).toContainText('结业证书');
  // Printed, from the page itself (Ctrl+P) or from the preview: the certificate alone, on one page.
  const pdfPages = async () =>
    ((await page.pdf({ preferCSSPageSize: true })).toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  await page.emulateMedia({ media: 'print' });
  expect(await pdfPages()).toBe(1);
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: '打印预览' }).click();
  const preview = page.getByTestId('print-preview');
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((el) => getComputedStyle(el).zIndex)).toBe('20002');
  await page.emulateMedia({ media: 'print' });
  expect(await pdfPages()).toBe(1);
  await page.emulateMedia({ media: 'screen' });
  await preview.getByRole('button', { name: '关闭' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载证书' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^certificate-.+\.pdf$/);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');

  // Its verification code, printed on it, checked on the public page by someone signed out (issue 26).
  const code = /验证码：([2-9A-Z]{16})/.exec((await page.getByRole('img', { name: '证书' }).textContent()) ?? '')![1];
  await page.context().clearCookies();
  await page.goto(`/certificate/verify?code=${code}`);
  const result = page.getByRole('region', { name: '查验结果' });
  await expect(result.getByText('证书有效')).toBeVisible();
  await expect(result.getByText('王晓明', { exact: false })).toBeVisible();
  await page.getByLabel('证书验证码').fill('ABCDEFGHJKMNPQRS');
  await page.getByRole('button', { name: '查验' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('证书不存在');
  await expect(result).toHaveCount(0);
});
