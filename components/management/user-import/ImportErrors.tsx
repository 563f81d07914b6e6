'use client';

/** The refused file's errors by row (行, 列, 错误), 20 a page, and the whole list as CSV. */
import { useState } from 'react';
import type { ImportRowError } from '@/lib/contract/user-import';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { ButtonPager } from '@/components/ui/ButtonPager';
import { IMPORT_PAGE_SIZE } from './page-size';
import { saveCsv } from './csv-download';

export function ImportErrors({
  message,
  errors,
  fileName,
}: {
  message: string;
  errors: ImportRowError[];
  fileName: string;
}) {
  const [pageNum, setPageNum] = useState(1);
  const pages = Math.max(1, Math.ceil(errors.length / IMPORT_PAGE_SIZE));
  const shown = errors.slice((pageNum - 1) * IMPORT_PAGE_SIZE, pageNum * IMPORT_PAGE_SIZE);
  return (
    <section aria-labelledby="import-errors-title" className="mt-6 rounded-lg bg-white p-4">
      <h2 id="import-errors-title" className="text-lg font-semibold text-red-700">
        未导入：{fileName}
      </h2>
      <p role="alert" className="mt-1 text-sm text-red-700">
        {message}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600">共 {errors.length} 处错误，请在文件中逐行修改后重新上传。</p>
        <button
          type="button"
          className="rounded border border-gray-300 px-3 py-1.5 text-sm hover:border-brand-600"
          onClick={() =>
            saveCsv(
              '用户导入错误清单.csv',
              ['行', '列', '错误'],
              errors.map((e) => [e.row, e.column, e.message]),
            )
          }
        >
          下载错误清单
        </button>
      </div>
      <div className="mt-3">
        <ScrollTable label="导入错误" hint={false}>
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th scope="col" className="w-16 px-3 py-2">
                  行
                </th>
                <th scope="col" className="w-24 px-3 py-2">
                  列
                </th>
                <th scope="col" className="px-3 py-2">
                  错误
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((e, i) => (
                <tr key={`${e.row}-${e.column}-${i}`} className="border-t">
                  <td className="px-3 py-2 tabular-nums">{e.row || '—'}</td>
                  <td className="px-3 py-2">{e.column}</td>
                  <td className="px-3 py-2 text-red-700">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </div>
      <ButtonPager label="错误分页" pageNum={pageNum} pages={pages} onPage={setPageNum} />
    </section>
  );
}
