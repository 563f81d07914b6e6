'use client';

import { useEffect, useState, type RefObject } from 'react';

/**
 * Plays an HLS playlist in a <video>: hls.js (loaded on first use, kept out of every other page) where Media Source
 * Extensions exist, the browser's own HLS elsewhere (Safari, iOS). `live`: low-latency settings for a live stream
 * of 1-2 s fragments (play two fragments behind the live edge, catch up by playing slightly faster when behind).
 * Answers an error text when the stream cannot be played.
 */
export function useHls(video: RefObject<HTMLVideoElement | null>, url: string | null, live: boolean): string | null {
  // The error of this URL only: a new URL starts without one.
  const [failed, setFailed] = useState<{ url: string; message: string } | null>(null);
  useEffect(() => {
    const el = video.current;
    if (!el || !url) return;
    const setError = (message: string) => setFailed({ url, message });
    let destroyed = false;
    let destroy: () => void = () => undefined;
    const mse = typeof window !== 'undefined' && 'MediaSource' in window;
    if (!mse && el.canPlayType('application/vnd.apple.mpegurl')) {
      el.setAttribute('src', url);
      return () => {
        el.removeAttribute('src');
        el.load();
      };
    }
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        setError('当前浏览器无法播放该视频，请更换浏览器');
        return;
      }
      const hls = new Hls(
        live
          ? {
              lowLatencyMode: true,
              liveSyncDurationCount: 2,
              liveMaxLatencyDurationCount: 5,
              maxLiveSyncPlaybackRate: 1.25,
              backBufferLength: 30,
            }
          : { backBufferLength: 60 },
      );
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
        else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else setError('视频加载失败，请刷新页面重试');
      });
      hls.loadSource(url);
      hls.attachMedia(el);
      destroy = () => hls.destroy();
    });
    return () => {
      destroyed = true;
      destroy();
    };
  }, [video, url, live]);
  return failed && failed.url === url ? failed.message : null;
}
