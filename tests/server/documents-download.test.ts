/**
 * What a customer sees of a booking's documents: the checklist (listDocuments), the files given back as they
 * were uploaded (downloadDocument), and the issued house bill; another company's booking or file is 404.
 */
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type BookingDetail, documentMessages } from '../../contract/bookings'
import { addDays } from '../../contract/dates'
import { documentPaths } from '../../contract/documents'
import type { Auth } from './booking-helpers'
import { minimalDocx, minimalJpeg, minimalPdf, minimalPng, minimalXlsx } from './document-fixtures'
import { type DocumentServer, item, setupDocumentServer } from './document-helpers'

// Uploads of several MB through PGlite take seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 })

let server: DocumentServer
let alice: Auth
let bob: Auth
let aliceBooking: string
let bobBooking: string

beforeAll(async () => {
  server = await setupDocumentServer()
  alice = await server.login()
  bob = await server.login()
  aliceBooking = await server.book(alice)
  bobBooking = await server.book(bob)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('listDocuments', () => {
  it('lists the invoice and packing list as Required and the certificate of origin as Optional', async () => {
    const booking = await server.book(alice)
    const documents = await server.list(alice, booking)
    // Before operations confirm a departure, the due dates count back from the planned sailing's ETD.
    const detail = (await (await server.call(alice, `/api/bookings/${booking}`)).json()) as BookingDetail
    const etd = detail.plannedSailing?.etd ?? ''
    expect(documents.map((d) => [d.kind, d.required, d.status, d.dueDate, d.overdue])).toEqual([
      ['commercial_invoice', true, 'Required', addDays(etd, -3), false],
      ['packing_list', true, 'Required', addDays(etd, -3), false],
      // ETD − 1, but never after the documents cut-off (3 days before the sailing).
      ['certificate_of_origin', false, 'Optional', detail.plannedSailing?.docCutoff, false],
    ])
  })

  it('adds the safety data sheet and DG declaration for hazardous cargo, with due dates from the ETD', async () => {
    const booking = await server.book(alice, {
      hazardous: { unNumber: '1263', dgClass: '3', packingGroup: 'II' },
    })
    await server.db
      .updateTable('bookings')
      .set({ etd: new Date('2025-06-20T02:00:00Z') })
      .where('number', '=', booking)
      .execute()
    const documents = await server.list(alice, booking)
    expect(documents.map((d) => [d.kind, d.dueDate])).toEqual([
      ['commercial_invoice', '2025-06-17'],
      ['packing_list', '2025-06-17'],
      ['safety_data_sheet', '2025-06-15'],
      ['dg_declaration', '2025-06-15'],
      // Not 19 June: the documents cut-off, 3 days before this departure as before the planned one, is 17 June.
      ['certificate_of_origin', '2025-06-17'],
    ])
  })

  it('shows overdue items once their due date has passed in Singapore', async () => {
    const booking = await server.book(alice)
    await server.db
      .updateTable('bookings')
      .set({ etd: new Date('2025-06-03T04:00:00Z') }) // the clock is 2025-06-02 17:00 in Singapore
      .where('number', '=', booking)
      .execute()
    const documents = await server.list(alice, booking)
    expect(documents.filter((d) => d.overdue).map((d) => d.kind)).toEqual([
      'commercial_invoice',
      'packing_list',
    ])
    await server.uploaded(alice, booking, 'packing_list', minimalPdf())
    expect((await server.list(alice, booking)).filter((d) => d.overdue).map((d) => d.kind)).toEqual([
      'commercial_invoice',
    ])
  })

  it("answers 404 for another company's booking, exactly as for a missing one", async () => {
    const theirs = await server.call(bob, documentPaths.list(aliceBooking))
    const missing = await server.call(bob, documentPaths.list('ESB-2025999999'))
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
      const document = await server.uploaded(alice, aliceBooking, 'commercial_invoice', bytes, name)
      expect(document).toMatchObject({
        name,
        size: bytes.byteLength,
        contentType: type,
        status: 'Uploaded',
        reason: null,
      })
      const invoice = item(await server.list(alice, aliceBooking), 'commercial_invoice')
      expect(invoice.status).toBe('Uploaded')
      expect(invoice.files[0]).toEqual(document)

      const res = await server.call(alice, documentPaths.download(aliceBooking, document.id))
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
    const booking = await server.book(alice)
    const big = new Uint8Array(700 * 1024)
    big.set(minimalPdf())
    for (let i = 4096; i < big.length; i++) big[i] = (i * 31) % 251
    const first = await server.uploaded(alice, booking, 'packing_list', big, 'packing-1.pdf')
    server.clock.advance(1000)
    const second = await server.uploaded(alice, booking, 'packing_list', minimalPdf(), 'packing-2.pdf')
    expect(item(await server.list(alice, booking), 'packing_list').files.map((f) => f.id)).toEqual([
      second.id,
      first.id,
    ])
    const res = await server.call(alice, documentPaths.download(booking, first.id))
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(big))).toBe(true)
  })

  it('encodes a non-ASCII name in the header (RFC 5987) and never sends it raw', async () => {
    const name = 'Rechnung "März" – 發票.pdf'
    const document = await server.uploaded(alice, aliceBooking, 'commercial_invoice', minimalPdf(), name)
    expect(document.name).toBe(name)
    const res = await server.call(alice, documentPaths.download(aliceBooking, document.id))
    const header = res.headers.get('Content-Disposition') as string
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`)
    expect(header).not.toContain('發')
    expect(header).toMatch(/^attachment; filename="Rechnung _M_rz_ _ __.pdf"; /)
  })

  it('keeps a path-like name only as a display name; the stored key is random', async () => {
    const document = await server.uploaded(
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

  it("answers 404 for another company's booking and file, as for missing ones", async () => {
    const document = await server.uploaded(alice, aliceBooking, 'packing_list', minimalPdf())
    const upload404 = await server.upload(bob, aliceBooking, 'packing_list', minimalPdf())
    expect(upload404.status).toBe(404)
    for (const path of [
      documentPaths.download(aliceBooking, document.id),
      documentPaths.download(bobBooking, document.id),
      documentPaths.download(bobBooking, crypto.randomUUID()),
      documentPaths.download(bobBooking, '..%2F..%2Fetc%2Fpasswd'),
    ]) {
      const res = await server.call(bob, path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual({ message: documentMessages.notFound })
    }
  })
})

describe('the issued house bill', () => {
  it('is 404 before the HBL is issued, then a one-page PDF listed as Issued', async () => {
    const booking = await server.book(alice)
    expect((await server.call(alice, documentPaths.download(booking, 'hbl'))).status).toBe(404)
    expect((await server.list(alice, booking)).map((d) => d.kind)).not.toContain('hbl')

    await server.db
      .updateTable('bookings')
      .set({ hbl: 'ESHBL2025000777' })
      .where('number', '=', booking)
      .execute()
    const hbl = item(await server.list(alice, booking), 'hbl')
    expect(hbl).toMatchObject({ name: 'House bill of lading', status: 'Issued', required: false })
    expect(hbl.files[0]).toMatchObject({
      id: 'hbl',
      name: 'ESHBL2025000777.pdf',
      contentType: 'application/pdf',
    })

    const res = await server.call(alice, documentPaths.download(booking, 'hbl'))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toContain("filename*=UTF-8''ESHBL2025000777.pdf")
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(bytes.byteLength).toBe(hbl.files[0]?.size)
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.getTitle()).toBe('House bill of lading ESHBL2025000777')
    expect(pdf.getSubject()).toBe(`Booking ${booking}`)

    expect((await server.call(bob, documentPaths.download(booking, 'hbl'))).status).toBe(404)
  })
})
