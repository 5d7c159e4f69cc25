/**
 * reviewDocument, the operations' verdict on an uploaded file: only with the operations key; a rejection
 * needs a reason, puts the item back among the outstanding ones and mails the uploader once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DocumentFile } from '../../contract/bookings'
import { bookingDocuments, outstandingDocuments } from '../../server/documents/queries'
import type { Auth } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { type DocumentServer, item, setupDocumentServer } from './document-helpers'

// Uploads through PGlite take seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 })

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

describe('reviewDocument', () => {
  it('refuses callers without the operations key, and customers bearer tokens', async () => {
    const document = await server.uploaded(alice, aliceBooking, 'packing_list', minimalPdf())
    for (const headers of [{}, { 'X-API-Key': 'wrong' }, { Authorization: alice.Authorization as string }]) {
      const res = await server.review(document.id, { status: 'Accepted' }, headers as Record<string, string>)
      expect(res.status).toBe(401)
    }
  })

  it('rejects with a reason: the item shows it, is outstanding again, and the uploader is mailed once', async () => {
    const booking = await server.book(alice)
    const document = await server.uploaded(alice, booking, 'commercial_invoice', minimalPdf())
    const row = await server.db
      .selectFrom('bookings')
      .select(['id', 'mode', 'hbl', 'etd', 'status'])
      .where('number', '=', booking)
      .executeTakeFirstOrThrow()
    expect((await bookingDocuments(server.db, row, server.clock.now())).outstanding).toBe(1)

    const noReason = await server.review(document.id, { status: 'Rejected' })
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
      const res = await server.review(document.id, {
        status: 'Rejected',
        reason: 'The invoice is not signed.',
      })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { document: DocumentFile }).document).toMatchObject({
        status: 'Rejected',
        reason: 'The invoice is not signed.',
      })
    }
    const invoice = item(await server.list(alice, booking), 'commercial_invoice')
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
    const booking = await server.book(alice)
    const document = await server.uploaded(alice, booking, 'packing_list', minimalPdf())
    const res = await server.review(document.id, { status: 'Accepted' })
    expect(res.status).toBe(200)
    expect(item(await server.list(alice, booking), 'packing_list')).toMatchObject({
      status: 'Accepted',
      reason: null,
    })
  })

  it('answers 404 for an unknown file', async () => {
    expect((await server.review(crypto.randomUUID(), { status: 'Accepted' })).status).toBe(404)
  })
})
