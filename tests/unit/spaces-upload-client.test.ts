/** @jest-environment jsdom */
/**
 * The browser side of the chunked upload, from QA: a cancelled upload sends no further chunk; going on with the same
 * file (继续上传, back online) asks the server where to resume, sends only the chunks it lacks, and does not hash
 * the whole file again.
 */
import { uploadCourseFile, type UploadEvents } from '@/components/creation/upload-client';
import { TransportError } from '@/lib/api/core';
import { UPLOAD_SLICE_BYTES } from '@/lib/constants';
import { envelopeResponse } from '../fixtures/http';

const CHUNKS = 3;
const size = 2 * UPLOAD_SLICE_BYTES + 100;
/** What the server has: the index of each chunk received. */
const received: number[] = [];
let workers = 0;
const sent: number[] = [];
/** Called as each chunk is answered (a test cancels from here). */
let afterChunk: (index: number) => void = () => {};
/** Called as each chunk is sent (a test pauses from here, the chunk still in flight). */
let onSend: (index: number) => void = () => {};
/** The connection is down: each chunk fails as a network error. */
let down = false;
let aborts = 0;

const progress = () => {
  const next = [...Array(CHUNKS).keys()].find((i) => !received.includes(i)) ?? CHUNKS;
  const done = received.length === CHUNKS;
  return {
    done,
    file: done ? { fileId: 9, url: '/api/resourceFile/file/x', name: 'a.mp4', size } : null,
    chunkCount: CHUNKS,
    nextChunk: next,
    received: received.length,
  };
};

class FakeWorker {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor() {
    workers++;
  }
  postMessage() {
    setTimeout(() =>
      this.onmessage?.({
        data: { type: 'done', md5: 'a'.repeat(32), chunkMd5s: ['b'.repeat(32), 'c'.repeat(32), 'd'.repeat(32)] },
      } as MessageEvent),
    );
  }
  terminate() {}
}

class FakeXhr {
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  responseText = '';
  status = 200;
  withCredentials = false;
  private aborted = false;
  open() {}
  setRequestHeader() {}
  abort() {
    this.aborted = true;
    aborts++;
    this.onabort?.();
    this.onloadend?.();
  }
  send(form: FormData) {
    const index = Number(form.get('chunkIndex'));
    sent.push(index);
    onSend(index);
    setTimeout(() => {
      if (this.aborted) return;
      if (down) {
        this.onerror?.();
        return this.onloadend?.();
      }
      if (!received.includes(index)) received.push(index);
      this.responseText = JSON.stringify({ code: 0, msg: 'success', data: progress() });
      this.onload?.();
      this.onloadend?.();
      afterChunk(index);
    });
  }
}

beforeAll(() => {
  Object.assign(globalThis, { Worker: FakeWorker, XMLHttpRequest: FakeXhr });
  global.fetch = jest.fn(async () => {
    const env = { code: 0, msg: 'success', data: progress() };
    return envelopeResponse(env);
  }) as typeof fetch;
});

const events = (): UploadEvents & { resumed: [number, number][] } => {
  const resumed: [number, number][] = [];
  return {
    resumed,
    onHash: () => {},
    onUpload: () => {},
    onResume: (n, c) => resumed.push([n, c]),
    onInstant: () => {},
  };
};

it('cancelled after the first chunk: nothing more is sent; the same file then goes on from the first missing chunk, hashed once', async () => {
  const file = new File([new Uint8Array(size)], 'a.mp4', { type: 'video/mp4' });
  const ctrl = new AbortController();
  afterChunk = (i) => {
    if (i === 0) ctrl.abort();
  };
  await expect(uploadCourseFile(file, events(), ctrl.signal)).rejects.toMatchObject({ name: 'AbortError' });
  await new Promise((r) => setTimeout(r, 20));
  expect(sent).toEqual([0]);
  expect(received).toEqual([0]);

  afterChunk = () => {};
  const ev = events();
  const done = await uploadCourseFile(file, ev);
  expect(done.fileId).toBe(9);
  expect(ev.resumed).toEqual([[1, 3]]);
  expect(sent).toEqual([0, 1, 2]);
  expect(workers).toBe(1);
});

describe('pausing when the connection goes', () => {
  beforeEach(() => {
    received.length = 0;
    sent.length = 0;
    aborts = 0;
  });

  it('an abort (the browser went offline) stops the chunk in flight: it never reaches the server', async () => {
    const file = new File([new Uint8Array(size)], 'b.mp4', { type: 'video/mp4' });
    const ctrl = new AbortController();
    onSend = (i) => {
      if (i === 1) ctrl.abort();
    };
    try {
      await expect(uploadCourseFile(file, events(), ctrl.signal)).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      onSend = () => {};
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(aborts).toBe(1);
    expect(sent).toEqual([0, 1]);
    expect(received).toEqual([0]);
  });

  it('a network failure while the browser is offline is not retried for seconds: it fails at once, to be resumed', async () => {
    const file = new File([new Uint8Array(size)], 'c.mp4', { type: 'video/mp4' });
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    down = true;
    const began = Date.now();
    try {
      await expect(uploadCourseFile(file, events())).rejects.toBeInstanceOf(TransportError);
    } finally {
      down = false;
      onLine.mockRestore();
    }
    expect(Date.now() - began).toBeLessThan(500);
    expect(sent).toEqual([0]);
  });
});
