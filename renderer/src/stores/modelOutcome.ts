import type { AppErrorData } from '../../../shared/result';
import { reportModelError } from '../errors/limitReporting';
import { noteOutcome } from './connectivityStore';

/**
 * How a model call ended, told to the connection light and (for a credit or rate
 * limit) to the limits banner, whose retry button runs `retry`. `undefined`: it worked.
 */
export function reportModelOutcome(error: AppErrorData | undefined, retry: () => unknown): void {
  noteOutcome(error);
  reportModelError(error, retry);
}
