'use client';

/**
 * After a clean import: how many accounts were made, and their initial passwords, shown this once (the server keeps
 * only their hashes) with a CSV to hand them out. Each user is asked for a new password at the first sign-in.
 */
import { useState } from 'react';
import type { ImportResult } from '@/lib/contract/user-import';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { ButtonPager } from '@/components/ui/ButtonPager';
import { IMPORT_PAGE_SIZE } from './page-size';
import { saveCsv } from './csv-download';
import { UndoImport } from './UndoImport';

export function ImportSummary({ message, result }: { message: string; result: ImportResult }) {
  const [pageNum, setPageNum] = useState(1);
  const pages = Math.max(1, Math.ceil(result.accounts.length / IMPORT_PAGE_SIZE));
  const shown = result.accounts.slice((pageNum - 1) * IMPORT_PAGE_SIZE, pageNum * IMPORT_PAGE_SIZE);
  const download = () =>
    saveCsv(
      '导入用户初始密码.csv',
      ['行', '账号', '姓名', '单位', '初始密码'],
      result.accounts.map((a) => [a.row, a.userId, a.name, a.orgName, a.password]),
    );
  return (
    <section aria-labelledby="import-done-title" className="mt-6 rounded-lg bg-white p-4">
      <h2 id="import-done-title" className="text-lg font-semibold text-green-700">
        导入完成
      </h2>
      <p role="status" className="mt-1 text-sm text-gray-800" data-testid="import-created">
        {message}（共 {result.created} 个）
      </p>
      <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">
        初始密码只在此显示一次，离开本页后无法再次查看。请立即下载并安全地发给本人；用户首次登录后须修改初始密码。
      </p>
      <button
        type="button"
        onClick={download}
        className="mt-3 rounded bg-brand-600 px-4 py-2 text-sm text-white hover:bg-brand-700"
      >
        下载初始密码（CSV）
      </button>
      <UndoImport userIds={result.accounts.map((a) => a.userId)} />
      <div className="mt-4">
        <ScrollTable label="导入的用户">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  行
                </th>
                <th scope="col" className="px-3 py-2">
                  账号
                </th>
                <th scope="col" className="px-3 py-2">
                  姓名
                </th>
                <th scope="col" className="px-3 py-2">
                  单位
                </th>
                <th scope="col" className="px-3 py-2">
                  初始密码
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((a) => (
                <tr key={a.userId} className="border-t">
                  <td className="px-3 py-2 tabular-nums">{a.row}</td>
                  <td className="px-3 py-2">{a.userId}</td>
                  <td className="px-3 py-2">{a.name}</td>
                  <td className="px-3 py-2">{a.orgName}</td>
                  <td className="px-3 py-2 font-mono" data-testid="initial-password">
                    {a.password}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </div>
      <ButtonPager label="导入用户分页" pageNum={pageNum} pages={pages} onPage={setPageNum} />
    </section>
  );
}
