import type { InstallOutcome } from './startFlow.mjs';

export interface InstallDeps {
  findBinary(): string | undefined;
  installElectron(): Promise<InstallOutcome>;
  skip: boolean;
  log(line: string): void;
}

export function installFlow(deps: InstallDeps): Promise<'present' | 'skipped' | 'installed' | 'failed'>;
