import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { DocumentStorage } from './index'

/** Rows of document_blobs hold at most this much: an upload is written as it arrives, a chunk at a time. */
export const CHUNK_BYTES = 256 * 1024

/**
 * Files in PostgreSQL (the default, and the only choice on PGlite): `document_blobs(key, chunk_no, data)`.
 * A file is never held whole: put keeps at most one chunk (plus the piece that completes it) before
 * writing it, and get reads one chunk per pull.
 */
export function postgresStorage(db: Kysely<Database>, chunkBytes = CHUNK_BYTES): DocumentStorage {
  async function remove(key: string) {
    await db.deleteFrom('document_blobs').where('key', '=', key).execute()
  }

  return {
    kind: 'postgres',

    async put(key, body) {
      const reader = body.getReader()
      let buffer = new Uint8Array(chunkBytes)
      let filled = 0
      let chunkNo = 0
      let size = 0
      const flush = async () => {
        if (filled === 0) return
        await db
          .insertInto('document_blobs')
          .values({ key, chunk_no: chunkNo, data: buffer.subarray(0, filled) })
          .execute()
        chunkNo += 1
        filled = 0
        // The written chunk may still be referenced by the driver: write the next into a new buffer.
        buffer = new Uint8Array(chunkBytes)
      }
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          size += value.byteLength
          let offset = 0
          while (offset < value.byteLength) {
            const take = Math.min(chunkBytes - filled, value.byteLength - offset)
            buffer.set(value.subarray(offset, offset + take), filled)
            filled += take
            offset += take
            if (filled === chunkBytes) await flush()
          }
        }
        await flush()
        return size
      } catch (error) {
        await reader.cancel(error).catch(() => {})
        await remove(key)
        throw error
      }
    },

    async get(key) {
      const first = await db
        .selectFrom('document_blobs')
        .select('chunk_no')
        .where('key', '=', key)
        .where('chunk_no', '=', 0)
        .executeTakeFirst()
      if (!first) return undefined
      let next = 0
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const row = await db
            .selectFrom('document_blobs')
            .select('data')
            .where('key', '=', key)
            .where('chunk_no', '=', next)
            .executeTakeFirst()
          if (!row) {
            controller.close()
            return
          }
          next += 1
          controller.enqueue(new Uint8Array(row.data.buffer, row.data.byteOffset, row.data.byteLength))
        },
      })
    },

    delete: remove,
  }
}
