/** The gateway client's face for the UI: the credit meter and key management (`GET /key`, `PATCH /keys/{hash}`). */
import { z } from 'zod';
import { PROVIDERS, type ModelList } from '../catalog';
import type { TodaySpend } from '../usage';
import { KeyHashSchema, KeyUpdateSchema, type CreditsState, type GatewayKeyRecord } from '../credits';
import { call, type, type AnyDef } from './define';

export const gatewayMethods = {
  /** The meter's state: normalized key info, next reset times, age. The first call polls the gateway. */
  'gateway.getKey': call({ args: z.tuple([]), result: type<CreditsState>() }),
  /** `PATCH /keys/{hash}` with the saved management key; returns the updated record, then the meter refreshes. */
  'gateway.updateKey': call({ args: z.tuple([KeyHashSchema, KeyUpdateSchema]), result: type<GatewayKeyRecord>() }),
  /** Polls now (window focus, the popover's refresh button); never fails: a failure is a stale state. */
  'gateway.refresh': call({ args: z.tuple([z.enum(['focus', 'manual'])]), result: type<CreditsState>() }),
  /** The provider's model catalog (live, stored or built-in), with chosen models it lacks and their replacements. */
  'gateway.listModels': call({ args: z.tuple([z.enum(PROVIDERS)]), result: type<ModelList>() }),
  /** Fetches the provider's catalog now (Settings' refresh button); a failure keeps the last good list. */
  'gateway.refreshModels': call({ args: z.tuple([z.enum(PROVIDERS)]), result: type<ModelList>() }),
  /** Today's model spend by task (the meter's popover). */
  'gateway.todaySpend': call({ args: z.tuple([]), result: type<TodaySpend>() }),
} satisfies Record<string, AnyDef>;
