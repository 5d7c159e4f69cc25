import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentFile } from '../../contract/bookings'
import { documentPaths } from '../../contract/documents'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { measureUpload, UploadTooLarge } from '../../server/documents/upload'
import { ensureLocations } from '../../server/locations/locations'
import { ensureSeedRates } from '../../server/rates/seed'
import type { DocumentStorage } from '../../server/storage/index'
import { s3Storage } from '../../server/storage/s3'
import { bookThroughApi, minimalPdf } from './document-fixtures'
import { bearer, createTestUser, postJson, setupAuthServer } from './helpers'

// The S3 storage against s3rver, a local S3-compatible server on a real socket.

let s3: S3rver
let directory: string
let storage: DocumentStorage

function pattern(total: number) {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close()
      const piece = new Uint8Array(Math.min(64 * 1024, total - sent))
      piece.fill(Math.floor(sent / 65536) % 251)
      controller.enqueue(piece)
      sent += piece.byteLength
    },
  })
}

async function bytes(stream: ReadableStream<Uint8Array> | undefined) {
  if (!stream) return undefined
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** Byte for byte (a deep equality over megabytes is slow). */
const same = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
  a !== undefined && b !== undefined && Buffer.from(a).equals(Buffer.from(b))

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'eship-s3-'))
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'docs' }],
  })
  const { port } = await s3.run()
  storage = s3Storage({
    bucket: 'docs',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
})

afterAll(async () => {
  await s3?.close()
  await rm(directory, { recursive: true, force: true })
})

describe('s3Storage', () => {
  it('stores a small file in one PUT and a large one in parts, and gives the same bytes back', async () => {
    expect(await storage.put('small', pattern(1000))).toBe(1000)
    expect(same(await bytes(await storage.get('small')), await bytes(pattern(1000)))).toBe(true)
    const size = 11 * 1024 * 1024 + 7
    expect(await storage.put('large', pattern(size))).toBe(size)
    expect(same(await bytes(await storage.get('large')), await bytes(pattern(size)))).toBe(true)
  })

  it('answers undefined for a missing key, and after delete', async () => {
    expect(await storage.get('never-stored')).toBeUndefined()
    await storage.put('gone', pattern(10))
    await storage.delete('gone')
    expect(await storage.get('gone')).toBeUndefined()
  })

  it("fails with the body's own error (a size limit) and keeps nothing", async () => {
    const upload = await measureUpload(pattern(12 * 1024 * 1024), {
      headBytes: 65536,
      maxBytes: 10 * 1024 * 1024,
    })
    await expect(storage.put('too-large', upload.stream)).rejects.toBeInstanceOf(UploadTooLarge)
    expect(await storage.get('too-large')).toBeUndefined()
  })
})

describe('documents kept in S3', () => {
  it('uploads and downloads through the API with nothing in the database but the record', async () => {
    const server = await setupAuthServer()
    try {
      await ensureLocations(server.db)
      await ensureSeedRates(server.db, server.clock.now())
      const app = createApp({ db: server.db, now: server.clock.now, storage })
      const user = await createTestUser(server.db)
      const login = await app.request(
        apiPaths.login,
        postJson({ email: user.email, password: user.password }),
      )
      const auth = bearer(((await login.json()) as LoginResponse).token as string)
      const call = (path: string, init: RequestInit = {}) =>
        app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...auth } })
      const booking = await bookThroughApi(call, server.clock.now())
      const pdf = minimalPdf()
      const res = await call(documentPaths.upload(booking, 'commercial_invoice'), {
        method: 'POST',
        headers: { 'X-File-Name': 'invoice.pdf' },
        body: pdf as BodyInit,
      })
      expect(res.status).toBe(201)
      const { document } = (await res.json()) as { document: DocumentFile }
      const download = await call(documentPaths.download(booking, document.id))
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf)
      const blobs = await server.db.selectFrom('document_blobs').select('key').execute()
      expect(blobs).toEqual([])
    } finally {
      await server.database.close()
    }
  }, 60_000)
})
