/**
 * Reads a stream of at most `limit` bytes into one buffer; undefined as soon as it is larger, the
 * rest cancelled unread, so memory stays bounded whatever the other end sends. A stream that fails
 * (a timeout running out mid-body, a reset) throws as it is.
 */
export async function readUpTo(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer | undefined> {
  const reader = stream?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    size += part.value.length;
    if (size > limit) {
      await reader?.cancel();
      return undefined;
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}
