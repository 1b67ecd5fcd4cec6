import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/result';
import type { SecretName, SecretsStatus } from '../../../shared/secrets';
import { bridge } from '../bridge';

interface SecretsState {
  status: SecretsStatus | null;
  busy: SecretName | null;
  error: AppErrorData | null;
  load(): Promise<void>;
  save(name: SecretName, value: string): Promise<boolean>;
  clear(name: SecretName): Promise<boolean>;
}

export const useSecrets = create<SecretsState>((set) => {
  const run = async (name: SecretName, p: ReturnType<typeof bridge.call<'secrets.set'>>) => {
    set({ busy: name, error: null });
    const r = await p;
    set(r.ok ? { status: r.value, busy: null } : { error: r.error, busy: null });
    return r.ok;
  };
  return {
    status: null,
    busy: null,
    error: null,
    async load() {
      const r = await bridge.call('secrets.status');
      set(r.ok ? { status: r.value, error: null } : { error: r.error });
    },
    save: (name, value) => run(name, bridge.call('secrets.set', name, value)),
    clear: (name) => run(name, bridge.call('secrets.clear', name)),
  };
});
