'use client';

import { useEffect, useRef } from 'react';
import { useHls } from './use-hls';

/**
 * The live stream of a class on air (hls.js at low latency, use-hls.ts). While it plays (not paused, not waiting),
 * `onWatching` runs at once and then every `pingSeconds`: the page's ping that counts the learner's watching.
 */
export function LivePlayer({
  url,
  pingSeconds,
  onWatching,
}: {
  url: string;
  pingSeconds: number;
  onWatching: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const error = useHls(video, url, true);
  const ping = useRef(onWatching);
  useEffect(() => {
    ping.current = onWatching;
  });

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer) return;
      ping.current();
      timer = setInterval(() => ping.current(), pingSeconds * 1000);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    el.addEventListener('playing', start);
    el.addEventListener('pause', stop);
    el.addEventListener('ended', stop);
    return () => {
      stop();
      el.removeEventListener('playing', start);
      el.removeEventListener('pause', stop);
      el.removeEventListener('ended', stop);
    };
  }, [pingSeconds]);

  return (
    <div className="space-y-2">
      <video
        ref={video}
        className="aspect-video w-full max-w-3xl rounded bg-black"
        controls
        autoPlay
        muted
        playsInline
        aria-label="直播视频"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
