/** How a parse was refused, as `code/reason` (the UI's key), or 'no error'. */
export function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    const data = (e as { data?: { code?: string; details?: { reason?: string } } }).data;
    return data ? `${data.code}/${data.details?.reason}` : `thrown: ${String(e)}`;
  }
  return 'no error';
}
