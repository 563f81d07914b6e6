'use client';

/**
 * The public check of a certificate (issue 26): the code from the certificate's QR code (?code=) is checked at once;
 * one typed in is checked on 查验. The answer says whose certificate it is, what for, the hours, the date and whether it
 * was revoked; any code that matches nothing gets 证书不存在 and nothing else. Asked from the browser, so the
 * server's limit counts the asker's own address.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import type { CertificateCheck } from '@/lib/contract/learning';
import { formatDateLong } from '@/lib/format';
import { BusyButton } from '@/components/ui/BusyButton';

const KIND_LABEL: Record<CertificateCheck['kind'], string> = {
  series: '系列专题结业证书',
  train: '培训项目结业证书',
  hours: '年度学时证明',
};

export function CertificateVerify() {
  const id = useId();
  const initialCode = (useSearchParams().get('code') ?? '').slice(0, 64);
  const [code, setCode] = useState(initialCode);
  // The code last asked: the one the page was opened with, then each one submitted.
  const [asked, setAsked] = useState(initialCode.trim());
  const [emptyError, setEmptyError] = useState(false);
  const query = useQuery({
    queryKey: ['certificate-verify', asked],
    queryFn: () => call(api, '/api/certificate/verify', { code: asked }, { shownInline: true }),
    enabled: asked !== '',
    retry: false,
    staleTime: 60_000,
  });
  const busy = query.isFetching;
  const result: CertificateCheck | null = query.data ?? null;
  const error = emptyError ? '请输入验证码' : query.error ? failureText(query.error, '证书不存在') : '';
  const check = (value: string) => {
    const trimmed = value.trim();
    setEmptyError(!trimmed);
    setAsked(trimmed);
    if (trimmed && trimmed === asked) void query.refetch();
  };

  return (
    <div className="mt-4 max-w-xl">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          check(code);
        }}
      >
        <div className="flex min-w-60 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-code`} className="text-sm text-gray-700">
            证书验证码
          </label>
          <input
            id={`${id}-code`}
            value={code}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            className="rounded border border-gray-300 px-3 py-2 font-mono tracking-wider uppercase"
            placeholder="证书上的16位验证码"
          />
        </div>
        <BusyButton
          type="submit"
          busy={busy}
          className="rounded bg-brand-700 px-6 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60"
        >
          查验
        </BusyButton>
      </form>
      <div aria-live="polite" className="mt-5">
        {busy && <p className="text-gray-600">正在查验…</p>}
        {error && (
          <p id={`${id}-error`} role="alert" className="text-red-700">
            {error}
          </p>
        )}
        {result && (
          <section
            aria-label="查验结果"
            className={`rounded border p-4 ${result.revoked ? 'border-red-300 bg-red-50' : 'border-green-300 bg-green-50'}`}
          >
            <p className={`font-semibold ${result.revoked ? 'text-red-800' : 'text-green-800'}`}>
              {result.revoked ? '该证书已被撤销' : '证书有效'}
            </p>
            <dl className="mt-3 grid grid-cols-[6em_1fr] gap-x-3 gap-y-1 text-sm text-gray-900">
              <dt className="text-gray-600">持证人</dt>
              <dd>
                {result.operatorName}
                {result.orgName ? `（${result.orgName}）` : ''}
              </dd>
              <dt className="text-gray-600">证书类型</dt>
              <dd>{KIND_LABEL[result.kind] ?? '证书'}</dd>
              <dt className="text-gray-600">证书名称</dt>
              <dd>{result.title}</dd>
              <dt className="text-gray-600">学时</dt>
              <dd>{result.hours}学时</dd>
              <dt className="text-gray-600">颁发日期</dt>
              <dd>{formatDateLong(result.issuedAt)}</dd>
              <dt className="text-gray-600">证书编号</dt>
              <dd className="font-mono">{result.serialNo}</dd>
              {result.revoked && (
                <>
                  <dt className="text-gray-600">撤销日期</dt>
                  <dd>{result.revokedAt ? formatDateLong(result.revokedAt) : ''}</dd>
                  {result.revokedReason && (
                    <>
                      <dt className="text-gray-600">撤销原因</dt>
                      <dd>{result.revokedReason}</dd>
                    </>
                  )}
                </>
              )}
            </dl>
          </section>
        )}
      </div>
    </div>
  );
}
