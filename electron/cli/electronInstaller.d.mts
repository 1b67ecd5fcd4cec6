import type { InstallOutcome } from './startFlow.mjs';

export function findElectronBinary(): string | undefined;
export function installerReason(stderr: string, code: number | null, signal: NodeJS.Signals | null): string;
export function installElectron(root: string, opts?: { log?: (line: string) => void; env?: NodeJS.ProcessEnv }): Promise<InstallOutcome>;
