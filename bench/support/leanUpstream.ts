import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The smallest OpenAI-compatible upstream: answers instantly and keeps no log,
 * so what the benchmark measures is the app, not the fake.
 */
export async function startLeanUpstream(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const completion = JSON.stringify({
    id: 'gen-bench',
    object: 'chat.completion',
    created: 1,
    model: 'google/gemini-2.5-flash',
    choices: [{ index: 0, message: { role: 'assistant', content: '[English] Today the weather is nice.' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 8, total_tokens: 18, cost: 0.00001 },
  });
  const chunk = (content: string) =>
    `data: ${JSON.stringify({ id: 'gen-bench', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
  const streamBody = `${chunk('こんにちは')}${chunk('。')}data: ${JSON.stringify({ id: 'gen-bench', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { cost: 0.00001 } })}\n\ndata: [DONE]\n\n`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      if (body.includes('"stream":true')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end(streamBody);
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(completion) });
        res.end(completion);
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
