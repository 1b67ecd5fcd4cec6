import type { SharingStatus } from '../../../shared/contract/app';
import { isLoopbackHost } from '../http/hostPolicy';

/** Every interface, when sharing is on and an access code protects the app. */
export const SHARED_HOST = '0.0.0.0';
export const LOOPBACK_HOST = '127.0.0.1';

/**
 * Where browser mode listens. `HOST` set in the environment wins (the host rule
 * then refuses a non-loopback address without `CODE`); otherwise the `sharing`
 * setting opens the server to the network only when `CODE` is set, and says
 * why it stayed on loopback when not.
 */
export function chooseHost(opts: { envHost: string | undefined; sharing: boolean; code: string | undefined }): SharingStatus {
  const envHost = opts.envHost?.trim();
  if (envHost) return { host: envHost, shared: !isLoopbackHost(envHost), hostFromEnv: true };
  if (!opts.sharing) return { host: LOOPBACK_HOST, shared: false, hostFromEnv: false };
  if (!opts.code) return { host: LOOPBACK_HOST, shared: false, hostFromEnv: false, refused: 'no_code' };
  return { host: SHARED_HOST, shared: true, hostFromEnv: false };
}

export const SHARING_REFUSED_LOG =
  'sharing is turned on in Settings, but no access code is set: listening on 127.0.0.1 only. Set CODE=<password> to share on the network.';
