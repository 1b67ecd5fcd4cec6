import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SERVE = path.resolve(import.meta.dirname, '../../out/main/serve.js');

/** The built browser-mode server as a child process, so its memory can be read on its own. */
export async function startServeChild(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; child: ChildProcess; rssMb(): number; settledRssMb(): Promise<number>; stop(): Promise<void> }> {
  if (!fs.existsSync(SERVE)) throw new Error('out/main/serve.js is missing: `npm run bench` builds it first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-bench-'));
  const child = spawn(process.execPath, [SERVE], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', APP_DATA_DIR: dataDir, ...env }, stdio: 'pipe' });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000);
    child.stdout!.on('data', () => {
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
  });
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  return {
    url,
    child,
    rssMb,
    /** RSS once start-up work (the analyzer warming in its worker) has finished: unchanged within 1 MB over half a second. */
    async settledRssMb() {
      const samples = [rssMb()];
      for (let i = 0; i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        samples.push(rssMb());
        const recent = samples.slice(-6);
        if (recent.length === 6 && Math.max(...recent) - Math.min(...recent) < 1) break;
      }
      return samples.at(-1)!;
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
