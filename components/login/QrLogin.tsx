'use client';
/**
 * Type 2 (SPEC 4.2): a 248 px QR code of this portal's /qrCodePage/qrCode page with a random number,
 * polled every second up to 50 times; then 'expired, refresh', and a click starts again. The expiry is announced, and
 * a focus inside the QR panel moves to the refresh button (and to the panel as a refresh removes the button).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { api } from '@/lib/api/browser';
import { ApiError, call } from '@/lib/api/core';
import { QR_POLL_INTERVAL_MS, QR_POLL_MAX_TRIES, QR_SIZE_PX } from '@/lib/constants';
import type { SignInAnswer } from '@/lib/contract/accounts';

const QR_EXPIRED = '二维码已过期，点击刷新';
/** The code could not be fetched (network, server): nothing to scan, so no instruction to scan. */
const QR_FAILED = '二维码获取失败，点击重试';
const QR_SCANNED = '已扫码，请在手机上确认';
/** The phone said no (取消): this code is finished, a click gets a new one. */
const QR_CANCELLED = '已取消，点击刷新';

export function QrLogin({ onSuccess }: { onSuccess: (r: SignInAnswer) => void }) {
  const [image, setImage] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [state, setState] = useState<'loading' | 'waiting' | 'scanned' | 'cancelled' | 'expired' | 'error'>('loading');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  const root = useRef<HTMLDivElement>(null);
  const refreshButton = useRef<HTMLButtonElement>(null);

  const start = useCallback(async () => {
    clearTimeout(timer.current);
    setState('loading');
    let randNum: string;
    try {
      const qr = await call(api, '/modules/eosoperator/loginGetQRRandNum');
      randNum = qr.randNum;
      setUrl(qr.qrUrl);
      setImage(await QRCode.toDataURL(qr.qrUrl, { width: QR_SIZE_PX, margin: 1, errorCorrectionLevel: 'M' }));
      setState('waiting');
    } catch {
      setState('error');
      return;
    }
    let tries = 0;
    const poll = async () => {
      if (!alive.current) return;
      if (tries >= QR_POLL_MAX_TRIES) return setState('expired');
      tries += 1;
      try {
        const res = await call(api, '/modules/eosoperator/loginByQRRandNum', { randNum });
        if (!alive.current) return;
        if (res.status === 'confirmed') return onSuccess(res);
        setState(res.status);
        if (res.status === 'cancelled') return;
      } catch (e) {
        if (e instanceof ApiError) return setState('expired');
      }
      timer.current = setTimeout(poll, QR_POLL_INTERVAL_MS);
    };
    timer.current = setTimeout(poll, QR_POLL_INTERVAL_MS);
  }, [onSuccess]);

  useEffect(() => {
    alive.current = true;
    const first = setTimeout(() => void start(), 0);
    return () => {
      alive.current = false;
      clearTimeout(first);
      clearTimeout(timer.current);
    };
  }, [start]);

  useEffect(() => {
    const panel = root.current?.closest('[role="tabpanel"]') ?? root.current;
    if ((state === 'expired' || state === 'error' || state === 'cancelled') && panel?.contains(document.activeElement))
      refreshButton.current?.focus();
  }, [state]);

  return (
    <div ref={root} tabIndex={-1} className="flex flex-col items-center">
      <div className="relative" style={{ width: QR_SIZE_PX, height: QR_SIZE_PX }}>
        {image ? (
          // eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn here
          <img
            src={image}
            width={QR_SIZE_PX}
            height={QR_SIZE_PX}
            alt="扫码登录二维码"
            data-qr-url={url}
            className={state === 'expired' || state === 'cancelled' ? 'opacity-20' : ''}
          />
        ) : (
          <div className="flex h-full items-center justify-center bg-gray-100 text-gray-600">
            {state === 'error' ? null : '二维码加载中…'}
          </div>
        )}
        {(state === 'expired' || state === 'error' || state === 'cancelled') && (
          <button
            ref={refreshButton}
            type="button"
            onClick={() => {
              if (document.activeElement === refreshButton.current) root.current?.focus();
              void start();
            }}
            className="absolute inset-0 flex items-center justify-center bg-white/70 text-base font-medium text-brand-800"
          >
            {state === 'error' ? QR_FAILED : state === 'cancelled' ? QR_CANCELLED : QR_EXPIRED}
          </button>
        )}
      </div>
      <p className="mt-3 text-sm text-gray-700" aria-live="polite">
        {state === 'scanned'
          ? QR_SCANNED
          : state === 'cancelled'
            ? QR_CANCELLED
            : state === 'expired'
              ? QR_EXPIRED
              : state === 'error'
                ? QR_FAILED
                : '请使用已登录的手机扫描二维码登录'}
      </p>
    </div>
  );
}
