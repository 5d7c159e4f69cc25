/**
 * What uploadDocument refuses and how it takes a file: size limits (by Content-Length and as the body
 * streams), the type by content rather than name, broken-off and empty bodies, kinds that cannot be
 * uploaded, closed bookings; and that the body streams into storage rather than being held in memory.
 */
import v8 from 'node:v8'
import vm from 'node:vm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DocumentFile } from '../../contract/bookings'
import { documentMessages, MAX_UPLOAD_BYTES } from '../../contract/bookings'
import { createApp } from '../../server/app'
import type { DocumentStorage } from '../../server/storage/index'
import type { Auth } from './booking-helpers'
import { executable, minimalPdf, zip } from './document-fixtures'
import { type DocumentServer, setupDocumentServer } from './document-helpers'
import { bearer } from './helpers'

// Uploads of several MB through PGlite take seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 })

// A full garbage collection on demand, to measure what is retained rather than what awaits collection.
v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void
/** Full collections, with time between them for freed buffers' memory to be given back. */
async function collectGarbage() {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
const retained = () => {
  const memory = process.memoryUsage()
  return memory.heapUsed + memory.arrayBuffers
}

let server: DocumentServer
let alice: Auth
let aliceBooking: string

beforeAll(async () => {
  server = await setupDocumentServer()
  alice = await server.login()
  aliceBooking = await server.book(alice)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('uploadDocument and downloadDocument', () => {
  it('refuses a file over 10 MB with 413, keeping nothing of it', async () => {
    const before = await server.blobCount()
    const big = new Uint8Array(12 * 1024 * 1024)
    big.set(minimalPdf())
    const res = await server.upload(alice, aliceBooking, 'commercial_invoice', big, 'big.pdf')
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: documentMessages.tooLarge })
    expect(await server.blobCount()).toBe(before)
  })

  it('refuses at once when Content-Length announces more than 10 MB', async () => {
    const res = await server.upload(alice, aliceBooking, 'commercial_invoice', minimalPdf(), 'big.pdf', {
      'Content-Length': String(MAX_UPLOAD_BYTES + 1),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: documentMessages.tooLarge })
  })

  it('accepts exactly 10 MB', async () => {
    const booking = await server.book(alice)
    const exact = new Uint8Array(MAX_UPLOAD_BYTES)
    exact.set(minimalPdf())
    const document = await server.uploaded(alice, booking, 'commercial_invoice', exact, 'exact.pdf')
    expect(document.size).toBe(MAX_UPLOAD_BYTES)
  })

  it('refuses by content, not by name: an executable named invoice.pdf, a plain ZIP, text', async () => {
    for (const body of [
      executable(),
      zip({ 'notes.txt': 'hello' }),
      new TextEncoder().encode('Invoice 42: USD 1,000 (plain text)'),
    ]) {
      const res = await server.upload(alice, aliceBooking, 'commercial_invoice', body, 'invoice.pdf')
      expect(res.status).toBe(415)
      expect(await res.json()).toEqual({ message: documentMessages.badType })
    }
  })

  it('keeps nothing of an upload whose body breaks off, and answers 400', async () => {
    const before = await server.blobCount()
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 1024 * 1024) return controller.error(new Error('connection lost'))
        const piece = new Uint8Array(64 * 1024)
        if (sent === 0) piece.set(minimalPdf())
        controller.enqueue(piece)
        sent += piece.byteLength
      },
    })
    const res = await server.upload(alice, aliceBooking, 'commercial_invoice', body)
    expect(res.status).toBe(400)
    expect(await server.blobCount()).toBe(before)
  })

  it('refuses an empty file', async () => {
    const res = await server.upload(alice, aliceBooking, 'commercial_invoice', new Uint8Array())
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ message: documentMessages.empty })
  })

  it('refuses the HBL and unknown kinds (422)', async () => {
    for (const kind of ['hbl', 'passport']) {
      const res = await server.upload(alice, aliceBooking, kind, minimalPdf())
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({ message: documentMessages.notUploadable })
    }
  })

  it('refuses uploads to a cancelled booking (409)', async () => {
    const booking = await server.book(alice)
    await server.db
      .updateTable('bookings')
      .set({ status: 'Cancelled' })
      .where('number', '=', booking)
      .execute()
    const res = await server.upload(alice, booking, 'commercial_invoice', minimalPdf())
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: documentMessages.bookingClosed })
  })

  it('takes no more documents once the shipment has departed (409), and lists those never received as such', async () => {
    const booking = await server.book(alice)
    await server.db
      .updateTable('bookings')
      .set({ status: 'Departed' })
      .where('number', '=', booking)
      .execute()
    const res = await server.upload(alice, booking, 'commercial_invoice', minimalPdf())
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: documentMessages.departed })
    const documents = await server.list(alice, booking)
    expect(documents.find((d) => d.kind === 'commercial_invoice')).toMatchObject({
      status: 'Not received',
      overdue: false,
    })
  })

  it('writes to storage while the upload is still arriving (the body is streamed, not buffered)', async () => {
    const booking = await server.book(alice)
    const before = await server.blobCount()
    const piece = new Uint8Array(64 * 1024)
    piece.set(minimalPdf())
    let sent = 0
    let finish: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      finish = resolve
    })
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 2 * 1024 * 1024) await held // hold the rest back until the test lets it go
        if (sent >= 3 * 1024 * 1024) return controller.close()
        controller.enqueue(piece.slice())
        sent += piece.byteLength
      },
    })
    const response = server.upload(alice, booking, 'commercial_invoice', body)
    // With 2 MB of 3 sent and the rest held back, chunks of it must already be in storage.
    const deadline = Date.now() + 10_000
    while ((await server.blobCount()) - before < 4 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const whileHeld = (await server.blobCount()) - before
    finish()
    const res = await response
    expect(whileHeld).toBeGreaterThanOrEqual(4)
    expect(res.status).toBe(201)
    expect(((await res.json()) as { document: DocumentFile }).document.size).toBe(3 * 1024 * 1024)
  })

  it('holds little of a 10 MB upload in memory while it streams (measured after a full GC, 8 MB in)', async () => {
    const booking = await server.book(alice)
    const piece = new Uint8Array(64 * 1024)
    piece.set(minimalPdf())
    let sent = 0
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let reached: () => void = () => {}
    const atEight = new Promise<void>((resolve) => {
      reached = resolve
    })
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 8 * 1024 * 1024) {
          reached()
          await held
        }
        if (sent >= MAX_UPLOAD_BYTES) return controller.close()
        controller.enqueue(piece.slice())
        sent += piece.byteLength
      },
    })
    // PGlite keeps what it stores in this process's memory: the bytes go to a storage that only counts them
    // here, so that what is measured is what the upload route itself holds.
    const counted: DocumentStorage = {
      kind: 'counting',
      async put(_key, stream) {
        const reader = stream.getReader()
        let size = 0
        for (;;) {
          const { done, value } = await reader.read()
          if (done) return size
          size += value.byteLength
        }
      },
      get: async () => undefined,
      delete: async () => {},
    }
    const app = createApp({ db: server.db, now: server.clock.now, storage: counted })
    await collectGarbage()
    const base = retained()
    const response = app.request(`/api/bookings/${booking}/documents/commercial_invoice`, {
      method: 'POST',
      headers: { ...bearer(alice.Authorization?.slice(7) as string), 'X-File-Name': 'big.pdf' },
      body,
      duplex: 'half',
    } as RequestInit)
    await atEight
    // Let the server write what it has, then count what is still held by anyone in this process.
    await new Promise((resolve) => setTimeout(resolve, 200))
    await collectGarbage()
    const during = retained() - base
    release()
    const res = await response
    expect(res.status).toBe(201)
    // A server that buffered the body would hold the 8 MB sent so far (and more); streaming holds a few chunks.
    expect(during).toBeLessThan(4 * 1024 * 1024)
  })
})
