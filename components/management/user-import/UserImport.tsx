'use client';

/**
 * 用户导入 (issue 25, power "user-import"): the template to download, the file chosen or dropped, a bar while it is
 * uploaded, read, checked and imported, then either the errors by row (nothing imported) or the accounts made with
 * their initial passwords. The server checks the power and each row's organisation against the importer's scope.
 */
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { ApiError } from '@/lib/api/core';
import { IMPORT_TEMPLATE_PATH } from '@/lib/contract/user-import';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { DropZone } from './DropZone';
import { ImportErrors } from './ImportErrors';
import { ImportSummary } from './ImportSummary';
import { PHASE_LABEL, useUserImport } from './use-user-import';

const linkCls = 'rounded border border-brand-600 px-3 py-1.5 text-sm text-brand-700 hover:bg-brand-50';

function Steps() {
  return (
    <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
      <li>下载用户导入模板，按第一行的说明每行填写一个用户（账号、姓名、邮箱、单位必填）。</li>
      <li>上传填好的文件：系统逐行校验，有任何错误都不会导入，错误按行列出。</li>
      <li>全部通过后一次导入，并为每个账号生成初始密码；用户首次登录后须修改密码。</li>
    </ol>
  );
}

export function UserImport() {
  const orgs = useQuery(apiQuery('/api/manage/orgs', { power: 'user-import' }));
  const { state, start, reset } = useUserImport();
  if (orgs.error instanceof ApiError && orgs.error.code === 1003)
    return (
      <p role="alert" className="mt-6 rounded-lg bg-white py-16 text-center text-gray-700">
        {orgs.error.message}：用户导入仅对有导入权限的管理员开放。
      </p>
    );
  if (orgs.isError)
    return <LoadFailed what="可导入的单位" onRetry={() => void orgs.refetch()} retrying={orgs.isFetching} />;
  const busy = state.stage === 'busy';
  return (
    <div className="mt-4 space-y-4">
      <section aria-labelledby="import-template-title" className="rounded-lg bg-white p-4">
        <h2 id="import-template-title" className="text-lg font-semibold">
          导入步骤
        </h2>
        <div className="mt-2">
          <Steps />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <a className={linkCls} href={`${IMPORT_TEMPLATE_PATH}?format=xlsx`} download>
            下载模板（Excel）
          </a>
          <a className={linkCls} href={`${IMPORT_TEMPLATE_PATH}?format=csv`} download>
            下载模板（CSV）
          </a>
        </div>
        {orgs.data && (
          <p className="mt-3 text-sm text-gray-600">可导入的单位：{orgs.data.map((o) => o.name).join('、') || '无'}</p>
        )}
      </section>

      <section aria-label="上传文件" className="rounded-lg bg-white p-4">
        <DropZone onFile={start} disabled={busy} />
        {state.stage === 'busy' && (
          <div className="mt-4" data-testid="import-progress">
            <div className="flex justify-between text-sm text-gray-700">
              <span>
                {PHASE_LABEL[state.phase]}：{state.fileName}
              </span>
              <span className="tabular-nums">{state.percent}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="导入进度"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.percent}
              className="mt-1 h-2 overflow-hidden rounded bg-gray-200"
            >
              <div className="h-full bg-brand-600 transition-all" style={{ width: `${state.percent}%` }} />
            </div>
          </div>
        )}
        {state.stage === 'failed' && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {state.message}
          </p>
        )}
        {(state.stage === 'refused' || state.stage === 'done') && (
          <button type="button" onClick={reset} className="mt-3 text-sm text-brand-700 underline">
            {state.stage === 'done' ? '继续导入其他文件' : '清除结果'}
          </button>
        )}
      </section>

      {state.stage === 'refused' && (
        <ImportErrors
          key={state.fileName + state.errors.length}
          message={state.message}
          errors={state.errors}
          fileName={state.fileName}
        />
      )}
      {state.stage === 'done' && <ImportSummary message={state.message} result={state.result} />}
    </div>
  );
}
