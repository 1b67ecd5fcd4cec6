/** What every route of the fake shares: the knobs, the keys, the `:free` counter, the scripted steps and the flood reports. */
import type { FloodReport } from '../flood';
import type { FreeCounter } from './freeLimits';
import type { KeyStore } from './keyStore';
import type { ScriptQueue } from './script';
import type { FakeGatewayState } from './types';

export interface GatewayContext {
  state: FakeGatewayState;
  keys: KeyStore;
  free: FreeCounter;
  scripts: ScriptQueue;
  floods: Array<Promise<FloodReport>>;
}
