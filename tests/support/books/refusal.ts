const describeError = (e: unknown): string => {
  const data = (e as { data?: { code?: string; details?: { reason?: string } } }).data;
  return data ? `${data.code}/${data.details?.reason}` : `thrown: ${String(e)}`;
};

/** How a parse was refused, as `code/reason` (the UI's key), or 'no error'; a promise of it when the parse is async. */
export function refusal(f: () => Promise<unknown>): Promise<string>;
export function refusal(f: () => unknown): string;
export function refusal(f: () => unknown): string | Promise<string> {
  let out: unknown;
  try {
    out = f();
  } catch (e) {
    return describeError(e);
  }
  if (out instanceof Promise) return out.then(() => 'no error', describeError);
  return 'no error';
}
