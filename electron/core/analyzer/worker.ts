import type { RawToken } from './tokenize';

/** Main → worker. */
export interface TokenizeRequest {
  type: 'tokenize';
  id: number;
  segments: string[];
}

/** Worker → main. */
export type WorkerMessage =
  | { type: 'ready'; dictionaryMs: number; fromCache: boolean; prebuilt?: boolean }
  | { type: 'loadError'; message: string }
  | { type: 'result'; id: number; tokens: Array<RawToken[] | null> }
  | { type: 'cacheError'; message: string };

export interface WorkerInput {
  /** kuromoji's package.json; its sources are required relative to it. */
  kuromojiPackageJson: string;
  dictPath: string;
  /** Where a decompressed copy of the dictionary is kept; undefined to never write one. */
  cacheDir?: string;
  /** A decompressed dictionary made at build time (same layout as a cache folder); read first. */
  prebuiltDir?: string;
}

export function isWorkerMessage(v: unknown): v is WorkerMessage {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
}

/**
 * The worker program, run with `new Worker(WORKER_SOURCE, { eval: true })`.
 *
 * Why a string: this module runs from TypeScript sources under vitest (Node cannot start a
 * .ts file as a worker) and from an electron-vite bundle (where a sibling worker file is
 * only there if the bundler was told to emit it). Plain CommonJS in a string runs in both
 * with no build step; it requires kuromoji from the path the main side resolved.
 *
 * Loading: kuromoji's own builder takes 5–8 s here, mostly in parsing padded target maps
 * into ~325k small arrays and walking megabytes of zero padding. This loader builds the
 * same kuromoji objects (DynamicDictionaries, Tokenizer) from the same files, but reads the
 * target maps through an Int32Array index and drops the zero padding, and can keep a
 * decompressed copy in `cacheDir` so later starts skip gunzip (the biggest remaining cost).
 * The tokenizer itself is kuromoji's, unchanged.
 */
export const WORKER_SOURCE = /* js */ `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fsp = require('node:fs/promises');
const path = require('node:path');
const zlib = require('node:zlib');
const { promisify } = require('node:util');
const { createRequire } = require('node:module');
const gunzip = promisify(zlib.gunzip);

const CACHE_FORMAT = 1;
const FILES = ['base', 'check', 'cc', 'tid', 'tid_pos', 'tid_map', 'unk', 'unk_pos', 'unk_map', 'unk_char', 'unk_compat', 'unk_invoke'];
// Read through ByteBuffer (0 past the end, like the padding) or by count: trailing zeros can go.
const TRIMMABLE = new Set(['tid', 'tid_pos', 'tid_map', 'unk', 'unk_pos', 'unk_map', 'unk_invoke']);

const input = workerData;
const kuromojiRequire = createRequire(input.kuromojiPackageJson);
const kuromojiVersion = kuromojiRequire('./package.json').version;
let tokenizer = null;

function trimmed(u8) {
  let n = u8.length;
  while (n > 0 && u8[n - 1] === 0) n--;
  n = Math.min(u8.length, n + 1); // keep one terminating zero
  // Copy when that frees a lot (unk.dat: 10 MB of padding around 400 bytes); a view otherwise,
  // so tid_pos (36 of 42 MB used) is not held twice while loading.
  if (n === u8.length) return u8;
  return n < u8.length * 0.75 ? new Uint8Array(u8.subarray(0, n)) : u8.subarray(0, n);
}

function view(Ctor, u8) {
  const bytes = u8.byteOffset % Ctor.BYTES_PER_ELEMENT === 0 ? u8 : new Uint8Array(u8);
  return new Ctor(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / Ctor.BYTES_PER_ELEMENT));
}

// kuromoji's map format: count, then (key, n, n values)*. Only an index of offsets is built;
// the values are read on access, which is how kuromoji's ViterbiBuilder uses the map.
function targetMap(u8) {
  const ints = view(Int32Array, u8);
  const count = ints[0] || 0;
  let p = 1;
  let maxKey = -1;
  for (let k = 0; k < count; k++) {
    if (ints[p] > maxKey) maxKey = ints[p];
    p += 2 + ints[p + 1];
  }
  const start = new Int32Array(maxKey + 1).fill(-1);
  p = 1;
  for (let k = 0; k < count; k++) {
    start[ints[p]] = p + 1;
    p += 2 + ints[p + 1];
  }
  return new Proxy({}, {
    get(_target, prop) {
      if (typeof prop !== 'string') return undefined;
      const s = start[Number(prop)];
      if (s === undefined || s < 0) return undefined;
      return ints.subarray(s + 1, s + 1 + ints[s]);
    },
  });
}

async function statAll(dictPath) {
  const out = {};
  for (const name of FILES) {
    const st = await fsp.stat(path.join(dictPath, name + '.dat.gz'));
    out[name] = { srcSize: st.size, srcMtimeMs: Math.trunc(st.mtimeMs) };
  }
  return out;
}

function cacheFolder(root = input.cacheDir) {
  return root ? path.join(root, 'kuromoji-' + kuromojiVersion + '-dict-v' + CACHE_FORMAT) : null;
}

// sources: the .dat.gz files' sizes and times the copy must have been made from; null for a
// prebuilt copy, which ships with the app (its files' times are the installer's, not ours).
async function readCache(dir, sources) {
  if (!dir) return null;
  try {
    const manifest = JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8'));
    if (manifest.format !== CACHE_FORMAT || manifest.kuromoji !== kuromojiVersion) return null;
    for (const name of FILES) {
      const m = manifest.files[name];
      if (!m) return null;
      if (sources && (m.srcSize !== sources[name].srcSize || m.srcMtimeMs !== sources[name].srcMtimeMs)) return null;
    }
    const entries = await Promise.all(FILES.map(async (name) => {
      const b = await fsp.readFile(path.join(dir, name + '.dat'));
      if (b.length !== manifest.files[name].size) throw new Error('size mismatch');
      return [name, new Uint8Array(b.buffer, b.byteOffset, b.byteLength)];
    }));
    return Object.fromEntries(entries);
  } catch {
    return null;
  }
}

async function readGzip(dictPath) {
  const entries = await Promise.all(FILES.map(async (name) => {
    const raw = await gunzip(await fsp.readFile(path.join(dictPath, name + '.dat.gz')));
    const u8 = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
    return [name, TRIMMABLE.has(name) ? trimmed(u8) : u8];
  }));
  return Object.fromEntries(entries);
}

// Leftovers of writers that were killed mid-write (older than an hour, so not a live one).
async function removeStale(dir) {
  const parent = path.dirname(dir);
  const prefix = path.basename(dir) + '.tmp-';
  for (const name of await fsp.readdir(parent).catch(() => [])) {
    if (!name.startsWith(prefix)) continue;
    const full = path.join(parent, name);
    const st = await fsp.stat(full).catch(() => null);
    if (st && Date.now() - st.mtimeMs > 3600000) await fsp.rm(full, { recursive: true, force: true }).catch(() => {});
  }
}

// Written to a private folder then renamed, so a reader never sees half a cache.
async function writeCache(buffers, sources) {
  const dir = cacheFolder();
  if (!dir) return;
  const tmp = dir + '.tmp-' + process.pid + '-' + Date.now() + '-' + Math.random().toString(36).slice(2);
  try {
    await fsp.mkdir(tmp, { recursive: true });
    const files = {};
    for (const name of FILES) {
      await fsp.writeFile(path.join(tmp, name + '.dat'), buffers[name]);
      files[name] = { ...sources[name], size: buffers[name].byteLength };
    }
    await fsp.writeFile(path.join(tmp, 'manifest.json'), JSON.stringify({ format: CACHE_FORMAT, kuromoji: kuromojiVersion, files }));
    await fsp.rm(dir, { recursive: true, force: true });
    await fsp.rename(tmp, dir);
    await removeStale(dir);
  } catch (e) {
    await fsp.rm(tmp, { recursive: true, force: true }).catch(() => {});
    parentPort.postMessage({ type: 'cacheError', message: String(e && e.message || e) });
  }
}

function build(b) {
  const DynamicDictionaries = kuromojiRequire('./src/dict/DynamicDictionaries.js');
  const Tokenizer = kuromojiRequire('./src/Tokenizer.js');
  const CharacterDefinition = kuromojiRequire('./src/dict/CharacterDefinition.js');
  const ByteBuffer = kuromojiRequire('./src/util/ByteBuffer.js');
  const doublearray = kuromojiRequire('doublearray');

  const dic = new DynamicDictionaries();
  dic.trie = doublearray.load(view(Int32Array, b.base), view(Int32Array, b.check));
  const known = dic.token_info_dictionary;
  known.dictionary = new ByteBuffer(b.tid);
  known.pos_buffer = new ByteBuffer(b.tid_pos);
  known.target_map = targetMap(b.tid_map);
  dic.connection_costs.loadConnectionCosts(view(Int16Array, b.cc));
  const unknown = dic.unknown_dictionary;
  unknown.dictionary = new ByteBuffer(b.unk);
  unknown.pos_buffer = new ByteBuffer(b.unk_pos);
  unknown.target_map = targetMap(b.unk_map);
  unknown.character_definition = CharacterDefinition.load(b.unk_char, view(Uint32Array, b.unk_compat), b.unk_invoke);
  return new Tokenizer(dic);
}

async function load() {
  const t0 = performance.now();
  // The build's decompressed copy makes even the first launch skip gunzip.
  let buffers = await readCache(cacheFolder(input.prebuiltDir), null);
  const prebuilt = buffers !== null;
  let fromCache = prebuilt;
  if (!buffers) {
    const sources = await statAll(input.dictPath);
    buffers = await readCache(cacheFolder(), sources);
    fromCache = buffers !== null;
    if (!buffers) buffers = await readGzip(input.dictPath);
    // Written before 'ready' so a worker closed right after its first use still leaves a
    // complete cache behind; this costs the first load only.
    if (!fromCache) await writeCache(buffers, sources);
  }
  tokenizer = build(buffers);
  tokenizer.tokenize('準備'); // first call compiles the hot paths; keep it out of the first request
  parentPort.postMessage({ type: 'ready', dictionaryMs: performance.now() - t0, fromCache, prebuilt });
}

function pick(t) {
  return {
    surface_form: t.surface_form,
    pos: t.pos,
    pos_detail_1: t.pos_detail_1,
    pos_detail_2: t.pos_detail_2,
    basic_form: t.basic_form,
    reading: t.reading,
    word_type: t.word_type,
    conjugated_type: t.conjugated_type,
  };
}

parentPort.on('message', (msg) => {
  if (!msg || msg.type !== 'tokenize' || !tokenizer) return;
  // One bad segment (kuromoji throws on some input) must not lose the others.
  const tokens = msg.segments.map((s) => {
    try {
      return tokenizer.tokenize(s).map(pick);
    } catch {
      return null;
    }
  });
  parentPort.postMessage({ type: 'result', id: msg.id, tokens });
});

load().catch((e) => {
  parentPort.postMessage({ type: 'loadError', message: String(e && e.message || e) });
});
`;
