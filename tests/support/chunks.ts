/** All of a byte stream's chunks as one UTF-8 string. */
export async function chunksText(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const c of chunks) text += decoder.decode(c, { stream: true });
  return text + decoder.decode();
}
