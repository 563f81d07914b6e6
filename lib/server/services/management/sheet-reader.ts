/**
 * Reads one sheet of an uploaded xlsx on a worker thread, within limits, so that a file which unpacks to hundreds of
 * MB (a zip bomb, or a sheet of millions of rows) costs the request thread nothing and the process a bounded amount
 * of memory. The zip's central directory is checked first (number of parts, the declared unpacked size of each and
 * of all); each part needed is then inflated with a cap on its real size (a declared size can lie); the sheet's XML
 * is scanned once, stopping at the row or cell limit. The thread has a heap ceiling (resourceLimits) and is
 * terminated when it runs past its time. Only builtins run in the thread, its source inline (`eval`), so no bundler
 * has to know about it (as services/spaces/uploads/hash-worker.ts).
 */
import 'server-only';
import { Worker } from 'node:worker_threads';

export interface SheetLimits {
  entryBytes: number;
  totalBytes: number;
  entries: number;
  cells: number;
  /** Rows holding a value, beyond which the file is refused as too long. */
  rows: number;
  seconds: number;
  memoryMb: number;
}

export type SheetRefusal = 'unreadable' | 'entry' | 'total' | 'entries' | 'cells' | 'rows' | 'timeout' | 'memory';

export type SheetResult = { ok: true; lines: { row: number; cells: string[] }[] } | { ok: false; reason: SheetRefusal };

const SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const L = workerData.limits;
const buf = Buffer.from(workerData.file.buffer, workerData.file.byteOffset, workerData.file.byteLength);
class Refused extends Error { constructor(reason) { super(reason); this.reason = reason; } }
const refuse = (reason) => { throw new Refused(reason); };

function directory() {
  const from = Math.max(0, buf.length - 65557);
  let end = -1;
  for (let i = buf.length - 22; i >= from; i--) if (buf.readUInt32LE(i) === 0x06054b50) { end = i; break; }
  if (end < 0) refuse('unreadable');
  const count = buf.readUInt16LE(end + 10);
  const size = buf.readUInt32LE(end + 12);
  const offset = buf.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff || offset + size > buf.length) refuse('unreadable');
  if (count > L.entries) refuse('entries');
  const entries = new Map();
  let at = offset, declared = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) refuse('unreadable');
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const unpacked = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    if (unpacked > L.entryBytes) refuse('entry');
    declared += unpacked;
    if (declared > L.totalBytes) refuse('total');
    entries.set(name.replace(/^\/+/, ''), { method, compressed, local });
    at += 46 + nameLength + skip;
  }
  return entries;
}

let unpackedTotal = 0;
function part(entries, name) {
  const e = entries.get(name);
  if (!e) return null;
  if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50) refuse('unreadable');
  const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
  if (start + e.compressed > buf.length) refuse('unreadable');
  const data = buf.subarray(start, start + e.compressed);
  let out;
  if (e.method === 0) out = data;
  else if (e.method === 8) {
    try {
      out = zlib.inflateRawSync(data, { maxOutputLength: L.entryBytes });
    } catch (err) {
      refuse(err && err.code === 'ERR_BUFFER_TOO_LARGE' ? 'entry' : 'unreadable');
    }
  } else refuse('unreadable');
  if (out.length > L.entryBytes) refuse('entry');
  unpackedTotal += out.length;
  if (unpackedTotal > L.totalBytes) refuse('total');
  return out.toString('utf8');
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (s) => s.indexOf('&') < 0 ? s : s.replace(ENTITY, (_, d, h, n) =>
  n ? NAMED[n] : String.fromCodePoint(d ? Number(d) : parseInt(h, 16)));
const attr = (attrs, name) => {
  const m = new RegExp('(?:^|\\s)' + name + '\\s*=\\s*(?:"([^"]*)"|\'([^\']*)\')').exec(attrs);
  return m ? decode(m[1] !== undefined ? m[1] : m[2]) : null;
};
// Tags (prefix dropped) and the text between them, one at a time; CDATA taken as text.
const TOKEN = /<!\[CDATA\[([\s\S]*?)\]\]>|<([/?!]?)(?:[\w.-]+:)?([\w.-]+)([^>]*?)(\/?)>|([^<]+)/g;

function sheetPath(entries) {
  const book = part(entries, 'xl/workbook.xml');
  const rels = part(entries, 'xl/_rels/workbook.xml.rels');
  if (!book || !rels) refuse('unreadable');
  const sheets = [];
  for (const m of book.matchAll(/<(?:[\w.-]+:)?sheet\s([^>]*?)\/?>/g))
    sheets.push({ name: attr(m[1], 'name'), id: attr(m[1], '[\\w.-]+:id') });
  const targets = new Map();
  for (const m of rels.matchAll(/<(?:[\w.-]+:)?Relationship\s([^>]*?)\/?>/g))
    targets.set(attr(m[1], 'Id'), attr(m[1], 'Target'));
  const chosen = sheets.find((s) => s.name === workerData.sheet) || sheets[0];
  const target = chosen && targets.get(chosen.id);
  if (!target) refuse('unreadable');
  return target.startsWith('/') ? target.slice(1) : 'xl/' + target.replace(/^\.\//, '');
}

function sharedStrings(entries) {
  const xml = part(entries, 'xl/sharedStrings.xml');
  const out = [];
  if (!xml) return out;
  let current = null, inT = false, skip = 0;
  for (const m of xml.matchAll(TOKEN)) {
    const [, cdata, kind, tag, , self, text] = m;
    if (text !== undefined || cdata !== undefined) {
      if (inT && !skip && current !== null) current += cdata !== undefined ? cdata : decode(text);
      continue;
    }
    if (kind === '?' || kind === '!') continue;
    const closing = kind === '/';
    if (tag === 'si') {
      if (closing) { out.push(current || ''); current = null; if (out.length > L.cells) refuse('cells'); }
      else if (self) out.push('');
      else current = '';
    } else if (tag === 't') inT = !closing && !self;
    else if (tag === 'rPh') skip += closing ? -1 : self ? 0 : 1;
  }
  return out;
}

const column = (ref) => {
  const m = /^([A-Z]+)/.exec(ref || '');
  if (!m) return -1;
  let n = 0;
  for (const ch of m[1]) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
};

function rows(xml, shared) {
  const lines = [];
  let rowNumber = 0, cells = null, col = -1, type = null, value = null, inline = null, where = null, cellCount = 0;
  for (const m of xml.matchAll(TOKEN)) {
    const [, cdata, kind, tag, attrs, self, text] = m;
    if (text !== undefined || cdata !== undefined) {
      const t = cdata !== undefined ? cdata : decode(text);
      if (where === 'v') value = (value || '') + t;
      else if (where === 't' && inline !== null) inline += t;
      continue;
    }
    if (kind === '?' || kind === '!') continue;
    const closing = kind === '/';
    if (tag === 'row') {
      if (!closing) {
        const r = Number(attr(attrs, 'r'));
        rowNumber = r > 0 ? r : rowNumber + 1;
        cells = [];
        col = -1;
      }
      if (closing || self) {
        if (cells.some((c) => c !== '')) {
          lines.push({ row: rowNumber, cells: Array.from(cells, (c) => c || '') });
          if (lines.length > L.rows) refuse('rows');
        }
        cells = null;
      }
    } else if (tag === 'c' && cells) {
      if (!closing) {
        const at = column(attr(attrs, 'r'));
        col = at >= 0 ? at : col + 1;
        if (col > 16383) refuse('unreadable');
        type = attr(attrs, 't');
        value = null;
        inline = null;
        if (++cellCount > L.cells) refuse('cells');
      }
      if (closing || self) {
        let t = '';
        if (type === 's') t = shared[Number(value)] || '';
        else if (type === 'inlineStr') t = inline || '';
        else if (type === 'b') t = value === '1' ? 'true' : 'false';
        else if (value !== null) t = type === null || type === 'n' ? String(Number(value)) : value;
        cells[col] = t;
      }
    } else if (tag === 'v') where = closing || self ? null : 'v';
    else if (tag === 'is') inline = closing ? inline : '';
    else if (tag === 't') where = closing || self ? null : 't';
    else if (tag === 'rPh') where = closing ? null : 'rPh';
  }
  return lines;
}

try {
  const entries = directory();
  const target = sheetPath(entries);
  const shared = sharedStrings(entries);
  const xml = part(entries, target);
  if (xml === null) refuse('unreadable');
  parentPort.postMessage({ ok: true, lines: rows(xml, shared) });
} catch (err) {
  parentPort.postMessage({ ok: false, reason: err instanceof Refused ? err.reason : 'unreadable' });
}
`;

/** Files being read at once: each thread may use its heap ceiling, so a burst of uploads waits its turn. */
const PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function readOnce(file: Buffer, sheet: string, limits: SheetLimits): Promise<SheetResult> {
  return new Promise<SheetResult>((resolve) => {
    let settled = false;
    const done = (r: SheetResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(r);
    };
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: { file, sheet, limits },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16 },
    });
    const timer = setTimeout(() => done({ ok: false, reason: 'timeout' }), limits.seconds * 1000);
    worker.on('message', (m: SheetResult) => done(m));
    worker.on('error', (err: Error & { code?: string }) =>
      done({ ok: false, reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable' }),
    );
    worker.on('exit', () => done({ ok: false, reason: 'unreadable' }));
  });
}

/** The rows of sheet `sheet` (or the first) of an xlsx, each with its cells' text; or the first limit it broke. */
export function readSheet(file: Buffer, sheet: string, limits: SheetLimits): Promise<SheetResult> {
  return turn(() => readOnce(file, sheet, limits));
}
