import v8 from 'node:v8'
import vm from 'node:vm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DocumentFile, DocumentItem, DocumentsResponse } from '../../contract/bookings'
import { documentMessages, MAX_UPLOAD_BYTES } from '../../contract/bookings'
import { documentPaths } from '../../contract/documents'
import type { QuoteRequest } from '../../contract/pricing/types'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { bookingDocuments, outstandingDocuments } from '../../server/documents/queries'
import { ensureLocations } from '../../server/locations/locations'
import { ensureSeedRates } from '../../server/rates/seed'
import type { DocumentStorage } from '../../server/storage/index'
import {
  bookThroughApi,
  executable,
  minimalDocx,
  minimalJpeg,
  minimalPdf,
  minimalPng,
  minimalXlsx,
  zip,
} from './document-fixtures'
import { bearer, createTestUser, postJson, setupAuthServer } from './helpers'

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

const OPS_KEY = 'ops-key-for-the-documents-tests'
let server: Awaited<ReturnType<typeof setupAuthServer>>
let alice: Record<string, string> & { email: string }
let bob: Record<string, string> & { email: string }
let aliceBooking: string
let bobBooking: string

async function login() {
  const user = await createTestUser(server.db)
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }),
  )
  return { ...bearer(((await res.json()) as LoginResponse).token as string), email: user.email }
}

const call = (auth: Record<string, string>, path: string, init: RequestInit = {}) => {
  const { email: _email, ...headers } = auth
  return server.app.request(path, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...headers },
  })
}

/** A booking made through the API: quote, price, confirm. */
const book = (auth: Record<string, string>, overrides: Partial<QuoteRequest> = {}) =>
  bookThroughApi((path, init) => call(auth, path, init), server.clock.now(), overrides)

function upload(
  auth: Record<string, string>,
  booking: string,
  kind: string,
  body: BodyInit | Uint8Array,
  name = 'invoice.pdf',
  headers: Record<string, string> = {},
) {
  return call(auth, `/api/bookings/${booking}/documents/${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent(name), ...headers },
    body: body as BodyInit,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
}

async function uploaded(
  auth: Record<string, string>,
  booking: string,
  kind: string,
  body: Uint8Array,
  name?: string,
) {
  const res = await upload(auth, booking, kind, body, name)
  const json = (await res.json()) as { document: DocumentFile; message?: string }
  expect(res.status, json.message).toBe(201)
  return json.document
}

async function list(auth: Record<string, string>, booking: string) {
  const res = await call(auth, documentPaths.list(booking))
  expect(res.status).toBe(200)
  return ((await res.json()) as DocumentsResponse).documents
}

const item = (documents: DocumentItem[], kind: string) =>
  documents.find((d) => d.kind === kind) as DocumentItem

const blobCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('document_blobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

const review = (id: string, body: unknown, headers: Record<string, string> = { 'X-API-Key': OPS_KEY }) =>
  server.app.request(documentPaths.review(id), postJson(body, headers))

beforeAll(async () => {
  server = await setupAuthServer({ opsApiKey: OPS_KEY })
  await ensureLocations(server.db)
  await ensureSeedRates(server.db, server.clock.now())
  alice = await login()
  bob = await login()
  aliceBooking = await book(alice)
  bobBooking = await book(bob)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('listDocuments', () => {
  it('lists the invoice and packing list as Required and the certificate of origin as Optional', async () => {
    const booking = await book(alice)
    const documents = await list(alice, booking)
    expect(documents.map((d) => [d.kind, d.required, d.status, d.dueDate, d.overdue])).toEqual([
      ['commercial_invoice', true, 'Required', null, false],
      ['packing_list', true, 'Required', null, false],
      ['certificate_of_origin', false, 'Optional', null, false],
    ])
  })

  it('adds the safety data sheet and DG declaration for hazardous cargo, with due dates from the ETD', async () => {
    const booking = await book(alice, { hazardous: { unNumber: '1263', dgClass: '3', packingGroup: 'II' } })
    await server.db
      .updateTable('bookings')
      .set({ etd: new Date('2025-06-20T02:00:00Z') })
      .where('number', '=', booking)
      .execute()
    const documents = await list(alice, booking)
    expect(documents.map((d) => [d.kind, d.dueDate])).toEqual([
      ['commercial_invoice', '2025-06-17'],
      ['packing_list', '2025-06-17'],
      ['safety_data_sheet', '2025-06-15'],
      ['dg_declaration', '2025-06-15'],
      ['certificate_of_origin', '2025-06-19'],
    ])
  })

  it('shows overdue items once their due date has passed in Singapore', async () => {
    const booking = await book(alice)
    await server.db
      .updateTable('bookings')
      .set({ etd: new Date('2025-06-03T04:00:00Z') }) // the clock is 2025-06-02 17:00 in Singapore
      .where('number', '=', booking)
      .execute()
    const documents = await list(alice, booking)
    expect(documents.filter((d) => d.overdue).map((d) => d.kind)).toEqual([
      'commercial_invoice',
      'packing_list',
    ])
    await uploaded(alice, booking, 'packing_list', minimalPdf())
    expect((await list(alice, booking)).filter((d) => d.overdue).map((d) => d.kind)).toEqual([
      'commercial_invoice',
    ])
  })

  it("answers 404 for another company's booking, exactly as for a missing one", async () => {
    const theirs = await call(bob, documentPaths.list(aliceBooking))
    const missing = await call(bob, documentPaths.list('ESB-2025999999'))
    expect(theirs.status).toBe(404)
    expect(await theirs.json()).toEqual(await missing.json())
  })

  it('needs a session', async () => {
    const res = await server.app.request(documentPaths.list(aliceBooking))
    expect(res.status).toBe(401)
  })
})

describe('uploadDocument and downloadDocument', () => {
  const cases = [
    ['PDF', minimalPdf(), 'invoice.pdf', 'application/pdf'],
    ['PNG', minimalPng(), 'scan.png', 'image/png'],
    ['JPEG', minimalJpeg(), 'photo.jpg', 'image/jpeg'],
    [
      'XLSX',
      minimalXlsx(),
      'packing.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'DOCX',
      minimalDocx(),
      'invoice.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  ] as const

  for (const [label, bytes, name, type] of cases) {
    it(`stores a ${label} as Uploaded and gives back the same bytes as an attachment`, async () => {
      server.clock.advance(1000)
      const document = await uploaded(alice, aliceBooking, 'commercial_invoice', bytes, name)
      expect(document).toMatchObject({
        name,
        size: bytes.byteLength,
        contentType: type,
        status: 'Uploaded',
        reason: null,
      })
      const invoice = item(await list(alice, aliceBooking), 'commercial_invoice')
      expect(invoice.status).toBe('Uploaded')
      expect(invoice.files[0]).toEqual(document)

      const res = await call(alice, documentPaths.download(aliceBooking, document.id))
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toBe(type)
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.headers.get('Content-Disposition')).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(bytes))
    })
  }

  it('keeps several files per item, newest first, across chunks of storage', async () => {
    const booking = await book(alice)
    const big = new Uint8Array(700 * 1024)
    big.set(minimalPdf())
    for (let i = 4096; i < big.length; i++) big[i] = (i * 31) % 251
    const first = await uploaded(alice, booking, 'packing_list', big, 'packing-1.pdf')
    server.clock.advance(1000)
    const second = await uploaded(alice, booking, 'packing_list', minimalPdf(), 'packing-2.pdf')
    expect(item(await list(alice, booking), 'packing_list').files.map((f) => f.id)).toEqual([
      second.id,
      first.id,
    ])
    const res = await call(alice, documentPaths.download(booking, first.id))
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(big))).toBe(true)
  })

  it('encodes a non-ASCII name in the header (RFC 5987) and never sends it raw', async () => {
    const name = 'Rechnung "März" – 發票.pdf'
    const document = await uploaded(alice, aliceBooking, 'commercial_invoice', minimalPdf(), name)
    expect(document.name).toBe(name)
    const res = await call(alice, documentPaths.download(aliceBooking, document.id))
    const header = res.headers.get('Content-Disposition') as string
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`)
    expect(header).not.toContain('發')
    expect(header).toMatch(/^attachment; filename="Rechnung _M_rz_ _ __.pdf"; /)
  })

  it('keeps a path-like name only as a display name; the stored key is random', async () => {
    const document = await uploaded(
      alice,
      aliceBooking,
      'certificate_of_origin',
      minimalPdf(),
      '../../etc/passwd',
    )
    expect(document.name).toBe('passwd')
    const row = await server.db
      .selectFrom('booking_documents')
      .select(['storage_key', 'name'])
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow()
    expect(row.storage_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(row.storage_key).not.toContain('passwd')
  })

  it('refuses a file over 10 MB with 413, keeping nothing of it', async () => {
    const before = await blobCount()
    const big = new Uint8Array(12 * 1024 * 1024)
    big.set(minimalPdf())
    const res = await upload(alice, aliceBooking, 'commercial_invoice', big, 'big.pdf')
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: documentMessages.tooLarge })
    expect(await blobCount()).toBe(before)
  })

  it('refuses at once when Content-Length announces more than 10 MB', async () => {
    const res = await upload(alice, aliceBooking, 'commercial_invoice', minimalPdf(), 'big.pdf', {
      'Content-Length': String(MAX_UPLOAD_BYTES + 1),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: documentMessages.tooLarge })
  })

  it('accepts exactly 10 MB', async () => {
    const booking = await book(alice)
    const exact = new Uint8Array(MAX_UPLOAD_BYTES)
    exact.set(minimalPdf())
    const document = await uploaded(alice, booking, 'commercial_invoice', exact, 'exact.pdf')
    expect(document.size).toBe(MAX_UPLOAD_BYTES)
  })

  it('refuses by content, not by name: an executable named invoice.pdf, a plain ZIP, text', async () => {
    for (const body of [
      executable(),
      zip({ 'notes.txt': 'hello' }),
      new TextEncoder().encode('Invoice 42: USD 1,000 (plain text)'),
    ]) {
      const res = await upload(alice, aliceBooking, 'commercial_invoice', body, 'invoice.pdf')
      expect(res.status).toBe(415)
      expect(await res.json()).toEqual({ message: documentMessages.badType })
    }
  })

  it('keeps nothing of an upload whose body breaks off, and answers 400', async () => {
    const before = await blobCount()
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
    const res = await upload(alice, aliceBooking, 'commercial_invoice', body)
    expect(res.status).toBe(400)
    expect(await blobCount()).toBe(before)
  })

  it('refuses an empty file', async () => {
    const res = await upload(alice, aliceBooking, 'commercial_invoice', new Uint8Array())
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ message: documentMessages.empty })
  })

  it('refuses the HBL and unknown kinds (422)', async () => {
    for (const kind of ['hbl', 'passport']) {
      const res = await upload(alice, aliceBooking, kind, minimalPdf())
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({ message: documentMessages.notUploadable })
    }
  })

  it('refuses uploads to a cancelled booking (409)', async () => {
    const booking = await book(alice)
    await server.db
      .updateTable('bookings')
      .set({ status: 'Cancelled' })
      .where('number', '=', booking)
      .execute()
    const res = await upload(alice, booking, 'commercial_invoice', minimalPdf())
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: documentMessages.bookingClosed })
  })

  it("answers 404 for another company's booking and file, as for missing ones", async () => {
    const document = await uploaded(alice, aliceBooking, 'packing_list', minimalPdf())
    const upload404 = await upload(bob, aliceBooking, 'packing_list', minimalPdf())
    expect(upload404.status).toBe(404)
    for (const path of [
      documentPaths.download(aliceBooking, document.id),
      documentPaths.download(bobBooking, document.id),
      documentPaths.download(bobBooking, crypto.randomUUID()),
      documentPaths.download(bobBooking, '..%2F..%2Fetc%2Fpasswd'),
    ]) {
      const res = await call(bob, path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual({ message: documentMessages.notFound })
    }
  })

  it('writes to storage while the upload is still arriving (the body is streamed, not buffered)', async () => {
    const booking = await book(alice)
    const before = await blobCount()
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
    const response = upload(alice, booking, 'commercial_invoice', body)
    // With 2 MB of 3 sent and the rest held back, chunks of it must already be in storage.
    const deadline = Date.now() + 10_000
    while ((await blobCount()) - before < 4 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const whileHeld = (await blobCount()) - before
    finish()
    const res = await response
    expect(whileHeld).toBeGreaterThanOrEqual(4)
    expect(res.status).toBe(201)
    expect(((await res.json()) as { document: DocumentFile }).document.size).toBe(3 * 1024 * 1024)
  })

  it('holds little of a 10 MB upload in memory while it streams (measured after a full GC, 8 MB in)', async () => {
    const booking = await book(alice)
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

describe('reviewDocument', () => {
  it('refuses callers without the operations key, and customers bearer tokens', async () => {
    const document = await uploaded(alice, aliceBooking, 'packing_list', minimalPdf())
    for (const headers of [{}, { 'X-API-Key': 'wrong' }, { Authorization: alice.Authorization as string }]) {
      const res = await review(document.id, { status: 'Accepted' }, headers as Record<string, string>)
      expect(res.status).toBe(401)
    }
  })

  it('rejects with a reason: the item shows it, is outstanding again, and the uploader is mailed once', async () => {
    const booking = await book(alice)
    const document = await uploaded(alice, booking, 'commercial_invoice', minimalPdf())
    const row = await server.db
      .selectFrom('bookings')
      .select(['id', 'mode', 'hbl', 'etd', 'status'])
      .where('number', '=', booking)
      .executeTakeFirstOrThrow()
    expect((await bookingDocuments(server.db, row, server.clock.now())).outstanding).toBe(1)

    const noReason = await review(document.id, { status: 'Rejected' })
    expect(noReason.status).toBe(422)
    expect(((await noReason.json()) as { errors: Record<string, string[]> }).errors.reason).toEqual([
      'Give the reason the document is rejected.',
    ])

    const mailsBefore = await server.db
      .selectFrom('outbox')
      .select(['to', 'subject', 'text'])
      .orderBy('id')
      .execute()
    for (let i = 0; i < 2; i++) {
      const res = await review(document.id, { status: 'Rejected', reason: 'The invoice is not signed.' })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { document: DocumentFile }).document).toMatchObject({
        status: 'Rejected',
        reason: 'The invoice is not signed.',
      })
    }
    const invoice = item(await list(alice, booking), 'commercial_invoice')
    expect(invoice).toMatchObject({ status: 'Rejected', reason: 'The invoice is not signed.' })
    expect((await bookingDocuments(server.db, row, server.clock.now())).outstanding).toBe(2)
    expect((await outstandingDocuments(server.db, [row], server.clock.now())).get(row.id)).toBe(2)

    const mails = (
      await server.db.selectFrom('outbox').select(['to', 'subject', 'text']).orderBy('id').execute()
    ).slice(mailsBefore.length)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      to: alice.email,
      subject: `Booking ${booking}: Commercial invoice rejected`,
    })
    expect(mails[0]?.text).toContain('The invoice is not signed.')
    expect(mails[0]?.text).toContain(`/user/bookings/${booking}`)
  })

  it('accepts a file', async () => {
    const booking = await book(alice)
    const document = await uploaded(alice, booking, 'packing_list', minimalPdf())
    const res = await review(document.id, { status: 'Accepted' })
    expect(res.status).toBe(200)
    expect(item(await list(alice, booking), 'packing_list')).toMatchObject({
      status: 'Accepted',
      reason: null,
    })
  })

  it('answers 404 for an unknown file', async () => {
    expect((await review(crypto.randomUUID(), { status: 'Accepted' })).status).toBe(404)
  })
})

describe('the issued house bill', () => {
  it('is 404 before the HBL is issued, then a one-page PDF listed as Issued', async () => {
    const booking = await book(alice)
    expect((await call(alice, documentPaths.download(booking, 'hbl'))).status).toBe(404)
    expect((await list(alice, booking)).map((d) => d.kind)).not.toContain('hbl')

    await server.db
      .updateTable('bookings')
      .set({ hbl: 'ESHBL2025000777' })
      .where('number', '=', booking)
      .execute()
    const hbl = item(await list(alice, booking), 'hbl')
    expect(hbl).toMatchObject({ name: 'House bill of lading', status: 'Issued', required: false })
    expect(hbl.files[0]).toMatchObject({
      id: 'hbl',
      name: 'ESHBL2025000777.pdf',
      contentType: 'application/pdf',
    })

    const res = await call(alice, documentPaths.download(booking, 'hbl'))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toContain("filename*=UTF-8''ESHBL2025000777.pdf")
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(bytes.byteLength).toBe(hbl.files[0]?.size)
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.getTitle()).toBe('House bill of lading ESHBL2025000777')
    expect(pdf.getSubject()).toBe(`Booking ${booking}`)

    expect((await call(bob, documentPaths.download(booking, 'hbl'))).status).toBe(404)
  })
})
