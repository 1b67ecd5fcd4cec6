import { expect } from 'vitest';
import { AppError } from '../../shared/result';

/** The AppError a promise rejects with; the test fails if it resolves or rejects with anything else. */
export async function rejection(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
