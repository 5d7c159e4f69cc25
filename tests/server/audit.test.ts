import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditMessages, auditQuerySchema } from '../../contract/audit'
import type { QuoteRequest } from '../../contract/pricing/types'
import type { ProfileResponse } from '../../contract/profile'
import { containersOf, type QuoteDetail } from '../../contract/quotes'
import { type AuditActor, appendAudit, changedFields, listAudit } from '../../server/audit/audit'
import { type Auth, type BookingServer, dcsa, setupBookingServer } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { bearer, createTestUser, postJson } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'

let server: BookingServer
let customer: Auth
let customerId: number
let userId: number

/** The address every customer request here comes from (TRUST_PROXY 1 in setupBookingServer). */
const ADDRESS = '203.0.113.7'
const from = { 'X-Forwarded-For': ADDRESS }

beforeAll(async () => {
  server = await setupBookingServer()
  customer = await server.login()
  const user = await server.db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('esus_email_id', '=', customer.email)
    .executeTakeFirstOrThrow()
  customerId = user.customer_id
  userId = user.id
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const send = (auth: Auth, method: string, path: string, body?: unknown) =>
  server.call(auth, path, {
    method,
    headers: { 'Content-Type': 'application/json', ...from },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

const lastId = async () => {
  const row = await server.db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return String(row?.id ?? 0)
}

/** The rows appended while `act` ran, and what it answered. */
async function appended(act: () => Response | Promise<Response>) {
  const before = await lastId()
  const res = await act()
  const rows = await server.db
    .selectFrom('audit_events')
    .selectAll()
    .where(sql<boolean>`id > ${before}::bigint`)
    .orderBy('id')
    .execute()
  return { res, rows }
}

/** `act` appends exactly one row, by the customer from ADDRESS on a record of their company. */
async function oneCustomerRow(act: () => Response | Promise<Response>, expected: Record<string, unknown>) {
  const { res, rows } = await appended(act)
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({
    actor_kind: 'customer',
    actor_user_id: userId,
    actor_customer_id: customerId,
    actor_staff_id: null,
    actor_label: customer.email,
    customer_id: customerId,
    client_address: ADDRESS,
    ...expected,
  })
  return { res, row: rows[0] as NonNullable<(typeof rows)[number]> }
}

const noServices = {
  exportCustoms: false,
  importCustoms: false,
  insurance: false,
  pickup: null,
  delivery: null,
}

function confirmBody(request: QuoteRequest, option: QuoteDetail['options'][number]) {
  return {
    optionId: option.id,
    services: noServices,
    shipper: { name: 'Alice Exports Pte Ltd', address: '10 Anson Road, #20-01, Singapore 079903' },
    consignee: { name: 'Mumbai Imports Pvt Ltd', address: '5 Marine Drive, Mumbai 400002, India' },
    cargoDescription: 'Machine parts in crates',
    containerWeightsKg: containersOf(request).map(() => 18_400),
    acceptTerms: true,
    shownTotalUsd: option.totalUsd,
  }
}

async function quoteOf(auth: Auth, number: string): Promise<QuoteDetail> {
  return ((await (await server.call(auth, `/api/quotes/${number}`)).json()) as { quote: QuoteDetail }).quote
}

const actor: AuditActor = { kind: 'system', name: 'audit test' }

describe('the audit trail in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of its rows, which stay as they were', async () => {
    await appendAudit(
      server.db,
      {
        actor,
        clientAddress: null,
        action: 'test.kept',
        recordType: 'test',
        recordId: 'kept',
        customerId: null,
      },
      server.clock.now(),
    )
    const row = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('record_id', '=', 'kept')
      .executeTakeFirstOrThrow()
    await expect(
      sql`update audit_events set action = 'test.changed' where id = ${row.id}`.execute(server.db),
    ).rejects.toThrow(/append-only: UPDATE/)
    await expect(sql`delete from audit_events where id = ${row.id}`.execute(server.db)).rejects.toThrow(
      /append-only: DELETE/,
    )
    await expect(sql`truncate audit_events`.execute(server.db)).rejects.toThrow(/append-only: TRUNCATE/)
    const after = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(after).toEqual(row)
  })

  it('keeps no row of a transaction rolled back', async () => {
    await expect(
      server.db.transaction().execute(async (trx) => {
        await appendAudit(
          trx,
          {
            actor,
            clientAddress: null,
            action: 'test.rolled_back',
            recordType: 'test',
            recordId: 'rolled-back',
            customerId: null,
          },
          server.clock.now(),
        )
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    const rows = await server.db
      .selectFrom('audit_events')
      .select('id')
      .where('record_id', '=', 'rolled-back')
      .execute()
    expect(rows).toEqual([])
  })
})

describe('changedFields', () => {
  it('keeps only the fields that differ, and never a secret', () => {
    expect(
      changedFields(
        { name: 'A', phone: '1', roles: ['shipper'], password_hash: 'x' },
        { name: 'B', phone: '1', roles: ['shipper'], password_hash: 'y' },
        ['name', 'phone', 'roles', 'password_hash'],
      ),
    ).toEqual({ name: { before: 'A', after: 'B' } })
    expect(changedFields({ a: 1 }, { a: 1 }, ['a'])).toBeNull()
    expect(changedFields(null, { a: 1 }, ['a'])).toEqual({ a: { before: null, after: 1 } })
  })
})

describe("customers' actions", () => {
  it('record a quote created, a booking made from it and cancelled, each once', async () => {
    const request = server.fcl()
    const created = await oneCustomerRow(() => send(customer, 'POST', '/api/quotes', request), {
      action: 'quote.created',
      record_type: 'quote',
    })
    const quote = ((await created.res.json()) as { quote: QuoteDetail }).quote
    expect(created.row.record_id).toBe(quote.number)
    expect(created.row.changes).toMatchObject({ mode: { before: null, after: 'FCL' } })

    const option = quote.options[0] as QuoteDetail['options'][number]
    const booked = await oneCustomerRow(
      () => send(customer, 'POST', `/api/quotes/${quote.number}/confirm`, confirmBody(request, option)),
      { action: 'booking.created', record_type: 'booking' },
    )
    const { booking } = (await booked.res.json()) as { booking: { number: string } }
    expect(booked.row.record_id).toBe(booking.number)
    expect(booked.row.changes).toMatchObject({ quote: { before: null, after: quote.number } })

    // Confirming again changes nothing: no row.
    const again = await appended(() =>
      send(customer, 'POST', `/api/quotes/${quote.number}/confirm`, confirmBody(request, option)),
    )
    expect(again.res.status).toBe(200)
    expect(again.rows).toEqual([])

    const cancelled = await oneCustomerRow(
      () => send(customer, 'POST', `/api/bookings/${booking.number}/cancel`),
      { action: 'booking.cancelled', record_type: 'booking', record_id: booking.number },
    )
    expect(cancelled.row.changes).toEqual({ status: { before: 'Booking Received', after: 'Cancelled' } })
    const twice = await appended(() => send(customer, 'POST', `/api/bookings/${booking.number}/cancel`))
    expect(twice.res.status).toBe(200)
    expect(twice.rows).toEqual([])
  })

  it('record a document uploaded', async () => {
    const number = await server.book(customer)
    const { res, row } = await oneCustomerRow(
      () =>
        server.call(customer, `/api/bookings/${number}/documents/commercial_invoice`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'invoice.pdf', ...from },
          body: minimalPdf() as BodyInit,
        }),
      { action: 'document.uploaded', record_type: 'document' },
    )
    const { document } = (await res.json()) as { document: { id: string } }
    expect(row.record_id).toBe(document.id)
    expect(row.changes).toMatchObject({
      booking: { before: null, after: number },
      kind: { before: null, after: 'commercial_invoice' },
      name: { before: null, after: 'invoice.pdf' },
    })
  })

  it('record a profile change with only the fields changed, and a password change without any secret', async () => {
    const { profile } = (await (await send(customer, 'GET', '/api/profile')).json()) as ProfileResponse
    const edit = {
      esus_name: 'Renamed Person',
      esus_company_name: profile.esus_company_name,
      esus_mcou: profile.esus_mcou,
      code: profile.code,
      esus_phone: '69876543',
      esus_address1: profile.esus_address1,
      esus_mcpy: profile.esus_mcpy,
    }
    const { row } = await oneCustomerRow(() => send(customer, 'PUT', '/api/profile', edit), {
      action: 'profile.updated',
      record_type: 'user',
      record_id: String(userId),
    })
    expect(row.changes).toEqual({
      esus_name: { before: profile.esus_name, after: 'Renamed Person' },
      esus_phone: { before: profile.esus_phone, after: '69876543' },
    })
    // The same values again change nothing: no row.
    const same = await appended(() => send(customer, 'PUT', '/api/profile', edit))
    expect(same.res.status).toBe(200)
    expect(same.rows).toEqual([])

    const password = await oneCustomerRow(
      () =>
        send(customer, 'POST', '/api/profile/password', {
          current_password: 'Secret#123',
          esus_password: 'Changed#456',
          password_confirmation: 'Changed#456',
        }),
      { action: 'profile.password_changed', record_type: 'user', changes: null },
    )
    const { token } = (await password.res.json()) as { token: string }
    Object.assign(customer, bearer(token))
    const all = JSON.stringify(
      await server.db.selectFrom('audit_events').selectAll().where('actor_user_id', '=', userId).execute(),
    )
    for (const secret of ['Secret#123', 'Changed#456', 'scrypt', token]) expect(all).not.toContain(secret)
  })

  it('record notification settings changed', async () => {
    const { row } = await oneCustomerRow(
      () =>
        send(customer, 'PUT', '/api/profile/notifications', {
          milestones: true,
          etaChanges: false,
          documents: true,
          quoteExpiry: true,
        }),
      { action: 'profile.notifications_changed', record_type: 'user' },
    )
    expect(row.changes).toEqual({ etaChanges: { before: true, after: false } })
  })

  it('record address-book entries added, changed and deleted', async () => {
    const entry = {
      name: 'Harbour Traders',
      address: '1 Harbourfront Walk, Singapore 098585',
      roles: ['shipper'],
    }
    const added = await oneCustomerRow(() => send(customer, 'POST', '/api/parties', entry), {
      action: 'party.created',
      record_type: 'party',
    })
    const { party } = (await added.res.json()) as { party: { id: number } }
    expect(added.row.record_id).toBe(String(party.id))
    const changed = await oneCustomerRow(
      () =>
        send(customer, 'PUT', `/api/parties/${party.id}`, { ...entry, contact: 'Mei Lin, +65 6123 4567' }),
      { action: 'party.updated', record_id: String(party.id) },
    )
    expect(changed.row.changes).toEqual({ contact: { before: null, after: 'Mei Lin, +65 6123 4567' } })
    const deleted = await oneCustomerRow(() => send(customer, 'DELETE', `/api/parties/${party.id}`), {
      action: 'party.deleted',
      record_id: String(party.id),
    })
    expect(deleted.row.changes).toMatchObject({ name: { before: 'Harbour Traders', after: null } })
  })

  it("record a request for a quote, the sales team's offer declined, and a revised offer accepted", async () => {
    const request = server.fcl({ origin: 'SGSIN', destination: 'BRSSZ' })
    const requested = await oneCustomerRow(
      () => send(customer, 'POST', '/api/quote-requests', { request, notes: 'Monthly.' }),
      { action: 'quote.requested', record_type: 'quote' },
    )
    const { number } = ((await requested.res.json()) as { quote: QuoteDetail }).quote
    expect(requested.row.record_id).toBe(number)

    const person = await createTestStaff(server.db, ['sales'])
    const token = await staffToken(server.app, person, server.clock.now())
    const staff = (path: string, body: unknown) => server.app.request(path, postJson(body, bearer(token)))
    const validTo = new Date(server.clock.now().getTime() + 14 * 86_400_000).toISOString().slice(0, 10)
    const offer = {
      carrier: 'MSC',
      service: 'Via Singapore',
      transitDays: 28,
      validTo,
      note: 'Space confirmed.',
      lines: [
        {
          code: 'BAS',
          name: 'Ocean freight',
          side: 'freight',
          basis: 'container',
          containerType: '40HC',
          currency: 'USD',
          amount: 210_000,
          minimum: 0,
        },
      ],
    }
    expect((await staff(`/api/staff/quote-requests/${number}/assign`, {})).status).toBe(200)
    expect((await staff(`/api/staff/quote-requests/${number}/offers`, offer)).status).toBe(200)

    const declined = await oneCustomerRow(
      () => send(customer, 'POST', `/api/quotes/${number}/decline`, { reason: 'Too dear.' }),
      { action: 'offer.declined', record_type: 'quote', record_id: number },
    )
    expect(declined.row.changes).toEqual({ declineReason: { before: null, after: 'Too dear.' } })

    expect((await staff(`/api/staff/quote-requests/${number}/offers`, offer)).status).toBe(200)
    const quote = await quoteOf(customer, number)
    const option = quote.options[0] as QuoteDetail['options'][number]
    const accepted = await oneCustomerRow(
      () => send(customer, 'POST', `/api/quotes/${number}/confirm`, confirmBody(request, option)),
      { action: 'offer.accepted', record_type: 'booking' },
    )
    expect(accepted.row.changes).toMatchObject({ quote: { before: null, after: number } })
  })

  it('append nothing when the action fails: bad input, or another company’s record', async () => {
    const number = await server.book(customer)
    const other = await server.login()
    const failures = [
      () => send(customer, 'POST', '/api/quotes', { ...server.fcl(), origin: '' }),
      () => send(customer, 'PUT', '/api/profile/notifications', { milestones: 'yes' }),
      () => send(other, 'POST', `/api/bookings/${number}/cancel`),
      () => send(other, 'POST', `/api/quotes/ESQ-2099000001/decline`, { reason: 'No.' }),
      () => send(other, 'DELETE', '/api/parties/2147483000'),
      () =>
        server.call(other, `/api/bookings/${number}/documents/commercial_invoice`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'x.pdf', ...from },
          body: minimalPdf() as BodyInit,
        }),
    ]
    for (const failure of failures) {
      const { res, rows } = await appended(failure)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(rows).toEqual([])
    }
  })
})

describe('operations with OPS_API_KEY', () => {
  it('record the booking confirmed, the document requested and reviewed, and events applied, as the key', async () => {
    const number = await server.book(customer)
    const ops = (path: string, body: unknown) =>
      server.app.request(path, postJson(body, { 'X-API-Key': 'test-ops-key-5d1f0b2a9c', ...from }))
    const asKey = {
      actor_kind: 'key',
      actor_label: 'OPS_API_KEY',
      actor_user_id: null,
      client_address: ADDRESS,
    }

    const confirmed = await appended(() => ops(`/api/ops/bookings/${number}/confirm`, {}))
    expect(confirmed.rows).toHaveLength(1)
    expect(confirmed.rows[0]).toMatchObject({
      ...asKey,
      action: 'booking.confirmed',
      record_type: 'booking',
      record_id: number,
      customer_id: customerId,
      changes: { status: { before: 'Booking Received', after: 'Confirmed' } },
    })

    const dueDate = new Date(server.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10)
    const requested = await appended(() =>
      ops(`/api/ops/bookings/${number}/documents/packing_list/request`, { dueDate }),
    )
    expect(requested.res.status).toBe(200)
    expect(requested.rows).toHaveLength(1)
    expect(requested.rows[0]).toMatchObject({
      ...asKey,
      action: 'document.requested',
      record_id: number,
      customer_id: customerId,
      changes: { kind: { before: null, after: 'packing_list' }, dueDate: { before: null, after: dueDate } },
    })

    const upload = await server.call(customer, `/api/bookings/${number}/documents/packing_list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'list.pdf', ...from },
      body: minimalPdf('Packing list') as BodyInit,
    })
    const { document } = (await upload.json()) as { document: { id: string } }
    const reviewed = await appended(() =>
      ops(`/api/ops/documents/${document.id}/review`, { status: 'Rejected', reason: 'Unsigned.' }),
    )
    expect(reviewed.res.status).toBe(200)
    expect(reviewed.rows).toHaveLength(1)
    expect(reviewed.rows[0]).toMatchObject({
      ...asKey,
      action: 'document.reviewed',
      record_type: 'document',
      record_id: document.id,
      customer_id: customerId,
      changes: {
        status: { before: 'Uploaded', after: 'Rejected' },
        reason: { before: null, after: 'Unsigned.' },
      },
    })

    const at = server.clock.now().toISOString()
    const events = await appended(() =>
      ops('/api/ops/events', { events: [dcsa({ ref: number, code: 'GTIN', at, location: 'SGSIN' })] }),
    )
    expect(events.res.status, await events.res.clone().text()).toBe(200)
    expect(events.rows).toHaveLength(1)
    expect(events.rows[0]).toMatchObject({
      ...asKey,
      action: 'booking.events_applied',
      record_id: number,
      customer_id: customerId,
    })
  })
})

describe('listAudit', () => {
  it('filters by actor, company, action, record and time, newest first, in pages', async () => {
    const one = await createTestUser(server.db)
    const two = await createTestUser(server.db)
    const companyOf = async (id: number) =>
      (
        await server.db
          .selectFrom('users')
          .select('customer_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).customer_id
    const [a, b] = [await companyOf(one.id), await companyOf(two.id)]
    const staff: AuditActor = { kind: 'staff', staffId: 990_001, email: 'ops@eship.test', role: 'operations' }
    const base = new Date('2030-01-01T00:00:00Z').getTime()
    const entries = [
      // Customer a acts on its own booking.
      {
        actor: { kind: 'customer', userId: one.id, customerId: a, email: one.email },
        action: 'booking.cancelled',
        recordType: 'booking',
        recordId: 'ESB-2030000001',
        customerId: a,
      },
      // Staff act on a's booking and b's quote.
      {
        actor: staff,
        action: 'booking.confirmed',
        recordType: 'booking',
        recordId: 'ESB-2030000001',
        customerId: a,
      },
      { actor: staff, action: 'offer.sent', recordType: 'quote', recordId: 'ESQ-2030000002', customerId: b },
      // Customer b acts.
      {
        actor: { kind: 'customer', userId: two.id, customerId: b, email: two.email },
        action: 'booking_x.created',
        recordType: 'booking',
        recordId: 'ESB-2030000003',
        customerId: b,
      },
    ] as const
    for (const [index, entry] of entries.entries()) {
      await appendAudit(server.db, { ...entry, clientAddress: '192.0.2.1' }, new Date(base + index * 60_000))
    }

    const ids = (page: { events: { record: { id: string }; action: string }[] }) =>
      page.events.map((event) => event.action)
    expect(ids(await listAudit(server.db, { customerId: a }))).toEqual([
      'booking.confirmed',
      'booking.cancelled',
    ])
    expect(ids(await listAudit(server.db, { staffId: 990_001 }))).toEqual(['offer.sent', 'booking.confirmed'])
    expect(ids(await listAudit(server.db, { customerId: b, actorKind: 'customer' }))).toEqual([
      'booking_x.created',
    ])
    // A prefix ends in a dot; its underscore is no wildcard.
    expect(ids(await listAudit(server.db, { action: 'booking.', from: '2030-01-01T00:00:00Z' }))).toEqual([
      'booking.confirmed',
      'booking.cancelled',
    ])
    expect(ids(await listAudit(server.db, { action: 'offer.sent', from: '2030-01-01T00:00:00Z' }))).toEqual([
      'offer.sent',
    ])
    expect(ids(await listAudit(server.db, { recordType: 'booking', recordId: 'ESB-2030000001' }))).toEqual([
      'booking.confirmed',
      'booking.cancelled',
    ])
    expect(
      ids(await listAudit(server.db, { from: '2030-01-01T00:01:00Z', to: '2030-01-01T00:03:00Z' })),
    ).toEqual(['offer.sent', 'booking.confirmed'])

    const first = await listAudit(server.db, { from: '2030-01-01T00:00:00Z', limit: 3 })
    expect(ids(first)).toEqual(['booking_x.created', 'offer.sent', 'booking.confirmed'])
    expect(first.nextBefore).toBe(first.events[2]?.id)
    const second = await listAudit(server.db, {
      from: '2030-01-01T00:00:00Z',
      limit: 3,
      before: first.nextBefore as string,
    })
    expect(ids(second)).toEqual(['booking.cancelled'])
    expect(second.nextBefore).toBeNull()
    expect(second.events[0]).toMatchObject({
      at: '2030-01-01T00:00:00.000Z',
      actor: { kind: 'customer', userId: one.id, customerId: a, staffId: null, role: null, label: one.email },
      record: { type: 'booking', id: 'ESB-2030000001' },
      customerId: a,
      changes: null,
      clientAddress: '192.0.2.1',
    })
  })

  it("takes the console's query through one schema: bounded strings, ISO times, a page of at most 200", () => {
    expect(auditQuerySchema.parse({ customerId: '12', action: 'booking.', limit: '200' })).toEqual({
      customerId: 12,
      action: 'booking.',
      limit: 200,
    })
    const refused = (query: Record<string, string>) => {
      const result = auditQuerySchema.safeParse(query)
      return result.success ? [] : result.error.issues.map((issue) => issue.message)
    }
    expect(refused({ limit: '201' })).toEqual([auditMessages.badLimit])
    expect(refused({ from: '2030-01-01' })).toEqual([auditMessages.badTime])
    expect(refused({ from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' })).toEqual([
      auditMessages.badRange,
    ])
    expect(refused({ action: "booking'; drop" })).toEqual([auditMessages.badAction])
    expect(refused({ recordId: 'x'.repeat(81), recordType: 'booking' })).toEqual([auditMessages.badRecordId])
    expect(refused({ recordId: 'ESB-1' })).toEqual([auditMessages.recordTypeNeeded])
    expect(refused({ staffId: '0' })).toEqual([auditMessages.badId])
    expect(refused({ before: '99999999999999999999' })).toEqual([auditMessages.badId])
  })
})
