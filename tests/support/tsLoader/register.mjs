/**
 * `node --import ./tests/support/tsLoader/register.mjs child.ts`: lets a plain
 * Node child process run the app's TypeScript (vitest transforms TS only in its
 * own workers). Types are stripped with the TypeScript compiler we already
 * depend on; extensionless relative imports resolve to `.ts` / `/index.ts`.
 */
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
