/**
 * Routes: what the app adds on top of the upstream. Every request goes once
 * straight to the lean fake upstream and once through the app's /api route
 * (built server in a child process), in one run, on one machine.
 */
import http from 'node:http';
import { startLeanUpstream } from '../support/leanUpstream';
import { startServeChild } from '../support/serveChild';
import { round, summarize } from '../support/stats';
import type { BenchRow } from '../support/types';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Target {
  url: string;
  body: string;
  headers?: Record<string, string>;
}

/** One request; resolves with ms to the first body byte and to the end. */
function hit(t: Target): Promise<{ firstByte: number; total: number }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    let first = 0;
    const req = http.request(t.url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', ...t.headers } }, (res) => {
      res.on('data', () => {
        if (!first) first = Number(process.hrtime.bigint() - start) / 1e6;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${t.url} answered ${res.statusCode}`));
        resolve({ firstByte: first, total: Number(process.hrtime.bigint() - start) / 1e6 });
      });
    });
    req.on('error', reject);
    req.end(t.body);
  });
}

async function sequential(t: Target, n: number) {
  const first: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await hit(t);
    first.push(r.firstByte);
    total.push(r.total);
  }
  return { first: summarize(first), total: summarize(total) };
}

async function concurrent(t: Target, n: number, clients: number): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < n) {
        next++;
        await hit(t);
      }
    }),
  );
  return n / ((performance.now() - start) / 1000);
}

export async function run(): Promise<BenchRow[]> {
  const upstream = await startLeanUpstream();
  const app = await startServeChild({ OPENROUTER_API_URL: upstream.baseUrl, OPENROUTER_API_KEY: 'sk-bench' });
  try {
    const messages = [{ role: 'user', content: '今日はいい天気です。' }];
    const direct: Target = {
      url: `${upstream.baseUrl}/chat/completions`,
      body: JSON.stringify({ model: 'google/gemini-2.5-flash', messages, stream: false }),
      headers: { Authorization: 'Bearer sk-bench' },
    };
    const directStream: Target = { ...direct, body: JSON.stringify({ model: 'google/gemini-2.5-flash', messages, stream: true }) };
    const translate: Target = { url: `${app.url}/api/translate`, body: JSON.stringify({ text: '今日はいい天気です。' }), headers: { 'X-App-Locale': 'en' } };
    const chat: Target = { url: `${app.url}/api/chat`, body: JSON.stringify({ messages }) };

    const rssIdle = await app.settledRssMb();
    // Warm-up: JIT, connection pools, the app's first secrets/settings reads, and
    // the load pattern itself: V8 sizes its young generation to the allocation
    // rate once (tens of MB under 16 clients), so "flat" is measured from there.
    await sequential(direct, 300);
    await sequential(translate, 300);
    await sequential(chat, 100);
    await concurrent(translate, 2000, 16);
    await concurrent(chat, 1000, 16);
    const rssBefore = app.rssMb();

    const d = await sequential(direct, 2000);
    const a = await sequential(translate, 2000);
    const ds = await sequential(directStream, 1000);
    const as = await sequential(chat, 1000);
    const directRps = await concurrent(direct, 5000, 16);
    const appRps = await concurrent(translate, 10_000, 16);
    const rssAfter = app.rssMb();

    const addedMedian = a.total.median - d.total.median;
    const addedP99 = a.total.p99 - d.total.p99;
    const addedFirstByte = as.first.median - ds.first.median;
    return [
      { name: 'translate direct median', value: round(d.total.median), unit: 'ms' },
      { name: 'translate via app median', value: round(a.total.median), unit: 'ms' },
      { name: 'translate added latency median', value: round(addedMedian), unit: 'ms', target: '<= 0.5', pass: addedMedian <= 0.5 },
      { name: 'translate added latency p99', value: round(addedP99), unit: 'ms', target: '<= 2', pass: addedP99 <= 2 },
      { name: 'translate app/direct ratio (median)', value: round(a.total.median / d.total.median, 2), unit: 'x' },
      { name: 'chat stream first byte direct median', value: round(ds.first.median), unit: 'ms' },
      { name: 'chat stream first byte via app median', value: round(as.first.median), unit: 'ms' },
      { name: 'chat stream added to first byte', value: round(addedFirstByte), unit: 'ms', target: '<= 0.5', pass: addedFirstByte <= 0.5 },
      { name: 'direct rps (16 clients)', value: Math.round(directRps), unit: 'req/s' },
      { name: 'translate via app rps (16 clients)', value: Math.round(appRps), unit: 'req/s', target: '>= 1000', pass: appRps >= 1000 },
      { name: 'server RSS idle (analyzer loaded)', value: round(rssIdle, 1), unit: 'MB' },
      { name: 'server RSS after warm-up (3,700 requests)', value: round(rssBefore, 1), unit: 'MB' },
      { name: 'server RSS after 10,000+ requests', value: round(rssAfter, 1), unit: 'MB' },
      { name: 'server RSS growth across the 10,000+ requests', value: round(rssAfter - rssBefore, 1), unit: 'MB', target: '<= 20', pass: rssAfter - rssBefore <= 20 },
    ];
  } finally {
    await app.stop();
    await upstream.close();
    agent.destroy();
  }
}
