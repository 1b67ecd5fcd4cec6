import { APP_MESSAGES } from '../../../shared/messages';
import { AppError } from '../../../shared/result';

/** A task argument that cannot be used: the caller's mistake, reported as `bad_request` through either door. */
export function invalidArgument(message: string): AppError {
  return new AppError({ code: 'bad_request', message, status: 400 });
}

/** A required text: blank counts as missing. */
export function filled(value: string, name: string): string {
  if (value.trim() === '') throw invalidArgument(APP_MESSAGES.missingParam(name));
  return value;
}
