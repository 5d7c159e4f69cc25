/**
 * Where the bytes of uploaded documents live, behind one interface so that every server process sees the
 * same files: PostgreSQL by default (server/storage/postgres.ts), or an S3-compatible bucket when S3_BUCKET
 * is set (server/storage/s3.ts). Keys are random (uuids) chosen by the caller, never derived from a file's
 * name, so a name never reaches a file system path or an object key.
 */
export interface DocumentStorage {
  readonly kind: string
  /**
   * Streams `body` into storage under `key` and resolves to the bytes written. When the stream errors
   * (a size limit, a dropped upload), whatever was written is removed and the error is rethrown.
   */
  put(key: string, body: ReadableStream<Uint8Array>): Promise<number>
  /** The stored bytes as a stream read piece by piece, or undefined when there is no such key. */
  get(key: string): Promise<ReadableStream<Uint8Array> | undefined>
  delete(key: string): Promise<void>
}
