/**
 * A POST with node:http that takes the server's answer whenever it comes — also while the
 * body is still being written, as a server refusing a too-large body by its Content-Length
 * answers. fetch would report such an early answer as a failed request, and a test could
 * not tell a 413 from a dropped connection. A write error after the answer arrived is ignored;
 * a connection dropped with no answer rejects.
 */
import http from 'node:http';

export function rawPost(url: string, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number; json: unknown }> {
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': data.length, ...headers } }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON: the text as it is
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on('error', reject);
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    req.end(data);
  });
}
