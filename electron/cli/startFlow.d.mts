export type InstallOutcome = { ok: true } | { ok: false; reason: string };

export interface StartDeps {
  findBinary(): string | undefined;
  installElectron(): Promise<InstallOutcome>;
  ensureSqlite(): string;
  build(): number;
  launch(binary: string, sqliteBinding: string): Promise<number>;
  log(line: string): void;
  error(text: string): void;
}

export function missingBinaryMessage(reason: string): string;
export function startFlow(deps: StartDeps): Promise<number>;
