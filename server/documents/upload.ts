/** The upload went past the size limit. */
export class UploadTooLarge extends Error {
  constructor() {
    super('upload too large')
  }
}

/** The request body stopped before its end (the client went away): nothing to answer, nothing to log. */
export class UploadAborted extends Error {
  constructor(cause: unknown) {
    super('upload aborted', { cause })
  }
}

export interface MeasuredUpload {
  /** The first bytes (at least `headBytes` unless the body is shorter), for sniffing. */
  head: Uint8Array
  /** The whole body (head included) as it keeps arriving; errors with UploadTooLarge past `maxBytes`. */
  stream: ReadableStream<Uint8Array>
  /**
   * After the stream failed with UploadTooLarge: reads and discards the rest of the request (up to
   * `drainBytes`) so that the client, still sending, receives the answer instead of a reset connection.
   * Otherwise: stops reading the request.
   */
  finish(error?: unknown): Promise<void>
}

/**
 * Reads a request body far enough to sniff it, then hands it on as a stream that counts its bytes: nothing
 * but the head and the piece in flight is ever held in memory.
 */
export async function measureUpload(
  body: ReadableStream<Uint8Array>,
  {
    headBytes,
    maxBytes,
    drainBytes = 4 * maxBytes,
  }: { headBytes: number; maxBytes: number; drainBytes?: number },
): Promise<MeasuredUpload> {
  const reader = body.getReader()
  const pieces: Uint8Array[] = []
  let size = 0
  let ended = false
  const read = async () => {
    try {
      return await reader.read()
    } catch (error) {
      throw new UploadAborted(error)
    }
  }
  while (size < headBytes) {
    const { done, value } = await read()
    if (done) {
      ended = true
      break
    }
    pieces.push(value)
    size += value.byteLength
    if (size > maxBytes) break
  }
  const head = concat(pieces, size)
  let headSent = false
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headSent) {
        headSent = true
        if (size > maxBytes) return controller.error(new UploadTooLarge())
        if (head.byteLength > 0) return controller.enqueue(head)
      }
      if (ended) return controller.close()
      const { done, value } = await read()
      if (done) {
        ended = true
        return controller.close()
      }
      size += value.byteLength
      if (size > maxBytes) return controller.error(new UploadTooLarge())
      controller.enqueue(value)
    },
    // The request itself is let go in finish(), where the route knows why the stream stopped.
    cancel() {},
  })
  return {
    head,
    stream,
    async finish(error) {
      if (ended) return
      if (error instanceof UploadTooLarge) {
        try {
          while (size <= drainBytes) {
            const { done, value } = await reader.read()
            if (done) return
            size += value.byteLength
          }
        } catch {
          return
        }
      }
      await reader.cancel().catch(() => {})
    },
  }
}

function concat(pieces: Uint8Array[], size: number): Uint8Array {
  if (pieces.length === 1 && pieces[0]) return pieces[0]
  const all = new Uint8Array(size)
  let offset = 0
  for (const piece of pieces) {
    all.set(piece, offset)
    offset += piece.byteLength
  }
  return all
}
