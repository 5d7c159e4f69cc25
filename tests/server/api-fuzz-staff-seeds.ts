/**
 * The seeds of the staff operations for the API fuzz tests (api-fuzz.test.ts): an admin whose session the
 * valid requests carry, and pools of single-use things (challenges with recovery codes, set-password links,
 * sessions to end, members to deactivate) made here directly.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import type { StaffRole } from '../../contract/permissions'
import type { OfferInput } from '../../contract/quote-desk'
import type { QuoteDetail } from '../../contract/quotes'
import { hashPassword } from '../../server/auth/password'
import { hashToken, newToken } from '../../server/auth/tokens'
import { insertKey } from '../../server/keys/keys'
import { insertStaff } from '../../server/staff/accounts'
import { openStaffSession } from '../../server/staff/sessions'
import { startChallenge } from '../../server/staff/sign-in'
import { hashRecoveryCode, newTotpSecret } from '../../server/staff/totp'
import { rateFileSeeds } from './api-fuzz-rate-seeds'
import type { Body, Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { createTestUser, postJson } from './helpers'

const POOL = 16
/** A well-formed token no session has: what a pool gives once it is used up. */
const spent = 'W'.repeat(43)

export async function makeStaffSeeds(
  server: BookingServer,
  /** The customer whose requests the desk prices (and who declines offers). */
  customer: Auth,
): Promise<{
  staffToken: string
  freshSession: () => Promise<string>
  reinstate: () => Promise<void>
  seeds: Record<string, () => Seed>
}> {
  const now = server.clock.now()
  const passwordHash = await hashPassword('Staff#Pass1')
  let count = 0
  const member = async (roles: StaffRole[] = ['sales']) => {
    count += 1
    const added = await insertStaff(
      server.db,
      {
        email: `fuzz.staff${count}@eship.test`,
        name: `Fuzz Staff ${count}`,
        roles,
        passwordHash,
        totpSecret: newTotpSecret(),
      },
      now,
    )
    if (!added) throw new Error('staff email taken')
    return added
  }
  const session = async (id: number) => {
    const token = newToken()
    await openStaffSession(server.db, id, hashToken(token), now)
    return token
  }
  const admin = await member(['admin', 'sales', 'pricing', 'operations', 'finance'])
  const staffToken = await session(admin.id)
  const loginMember = await member()
  // An integration key to revoke (revoking one again answers 200 as it is).
  const key = await insertKey(
    server.db,
    { name: 'Fuzz key', scopes: ['events:write'], staffId: admin.id },
    now,
  )

  const challenges: { challenge: string; recoveryCode: string }[] = []
  const links: string[] = []
  const toDeactivate: number[] = []
  for (let i = 0; i < POOL; i += 1) {
    const person = await member()
    const recoveryCode = `fuzzc-${String(i).padStart(5, '0')}`
    await server.db
      .insertInto('staff_recovery_codes')
      .values({
        staff_id: person.id,
        code_hash: hashRecoveryCode(recoveryCode),
        created_at: now,
        used_at: null,
      })
      .execute()
    const step = await startChallenge(
      server.db,
      { id: person.id, email: person.email, totp_secret: 'SET' },
      now,
    )
    challenges.push({ challenge: step.challenge, recoveryCode })
    const link = newToken()
    await server.db
      .insertInto('staff_password_links')
      .values({
        staff_id: person.id,
        token_hash: hashToken(link),
        created_at: now,
        expires_at: new Date(now.getTime() + 3_600_000),
        used_at: null,
      })
      .execute()
    links.push(link)
    toDeactivate.push((await member()).id)
  }
  const json = (value: unknown): Body => ({ kind: 'json', value })

  // Quote requests of one customer: one taken and offered (for the desk's operations), a pool offered for the
  // customer's declines.
  const request = async () => {
    const res = await server.call(
      customer,
      '/api/quote-requests',
      postJson({ request: server.fcl({ destination: 'BRSSZ' }) }),
    )
    return ((await res.json()) as { quote: QuoteDetail }).quote.number
  }
  const validTo = new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10)
  const offer: OfferInput = {
    carrier: 'MSC',
    transitDays: 28,
    validTo,
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
  const asAdmin = (path: string, body: unknown) =>
    server.app.request(path, postJson(body, { Authorization: `Bearer ${staffToken}` }))
  const offered = async () => {
    const number = await request()
    await asAdmin(`/api/staff/quote-requests/${number}/assign`, {})
    await asAdmin(`/api/staff/quote-requests/${number}/offers`, offer)
    return number
  }
  const deskRequest = await offered()
  const assignable = await request()
  // Conversations with a customer's question waiting, for marking handled (each answers 2xx once).
  const toHandle: string[] = []
  for (let i = 0; i < 2; i += 1) {
    const number = await request()
    await server.call(
      customer,
      `/api/conversations/quote/${number}/messages`,
      postJson({ body: 'Any news?' }),
    )
    toHandle.push(number)
  }
  const toDecline: string[] = []
  for (let i = 0; i < 8; i += 1) toDecline.push(await offered())
  // The customer directory: a company (the customer's), a user not yet activated (resend works again and again)
  // and one to deactivate and reactivate (both answer 200 again), apart from the customer whose session the
  // customer seeds carry.
  const company = await server.db
    .selectFrom('users')
    .select('customer_id')
    .where('esus_email_id', '=', customer.email)
    .executeTakeFirstOrThrow()
  const notActivated = await createTestUser(server.db, { activated_at: null })
  const switchedOff = await createTestUser(server.db)

  // The operations desk: bookings of the customer in each state its operations need, pools for the one-way ones.
  const booked = async () => server.book(customer)
  const confirmed = async () => {
    const number = await booked()
    await server.confirm(number)
    return number
  }
  const deskBooking = await confirmed()
  const toConfirm = [await booked(), await booked()]
  const toCancel = [await booked(), await booked()]
  const toHold = [await confirmed(), await confirmed()]
  const toRelease: string[] = []
  for (let i = 0; i < 2; i += 1) {
    const number = await confirmed()
    await asAdmin(`/api/staff/bookings/${number}/hold`, { reason: 'Awaiting the export permit.' })
    toRelease.push(number)
  }
  const estimate = () => ({
    eventID: randomUUID(),
    eventType: 'TRANSPORT',
    code: 'ARRI',
    classifier: 'EST',
    location: 'INNSA',
    localTime: '2025-06-21T14:00',
  })
  const toRetract: string[] = []
  for (let i = 0; i < 4; i += 1) {
    const event = estimate()
    await asAdmin(`/api/staff/bookings/${deskBooking}/events`, event)
    toRetract.push(event.eventID)
  }
  const uploaded = await server.call(customer, `/api/bookings/${deskBooking}/documents/packing_list`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'packing.pdf' },
    body: minimalPdf() as Uint8Array<ArrayBuffer>,
  })
  const deskFile = ((await uploaded.json()) as { document: { id: string } }).document.id
  const deskConfirm = {
    carrier: 'Maersk',
    carrierBookingRef: 'MAEU240011',
    vesselName: 'MAERSK SELETAR',
    voyage: '245W',
    etd: '2025-06-10T10:00',
    eta: '2025-06-20T10:00',
    cargoCutoff: '2025-06-08T12:00',
    containers: ['CSQU3054383'],
  }

  return {
    staffToken,
    freshSession: async () => session((await member()).id),
    /**
     * Gives the admin back their roles and their session, and the customer theirs: a mutated request may reach them (updateStaff or
     * deactivateStaff with their id, once a fuzzed addStaff has made a second admin), and every later staff
     * request carries their token.
     */
    reinstate: async () => {
      await server.db
        .updateTable('staff_members')
        .set({
          roles: sql<StaffRole[]>`${sql.val(['admin', 'sales', 'pricing', 'operations', 'finance'])}::text[]`,
          deactivated_at: null,
        })
        .where('id', '=', admin.id)
        .execute()
      await server.db
        .updateTable('staff_sessions')
        .set({ ended_at: null, last_seen_at: server.clock.now() })
        .where('token_hash', '=', hashToken(staffToken))
        .execute()
      // The customer whose session the customer seeds carry: a generated deactivateCustomerUser may reach them.
      await server.db
        .updateTable('users')
        .set({ deactivated_at: null, deactivated_by: null })
        .where('esus_email_id', '=', customer.email)
        .where('deactivated_at', 'is not', null)
        .execute()
      // And a generated changeTeamRole may demote them once a generated one made a colleague an Admin too.
      await server.db
        .updateTable('users')
        .set({ company_role: 'admin' })
        .where('esus_email_id', '=', customer.email)
        .where('company_role', '!=', 'admin')
        .execute()
      const customerToken = (customer.Authorization ?? '').replace(/^Bearer /, '')
      await server.db
        .updateTable('sessions')
        .set({ ended_at: null, last_seen_at: server.clock.now() })
        .where('token_hash', '=', hashToken(customerToken))
        .where('ended_at', 'is not', null)
        .execute()
    },
    seeds: {
      staffLogin: () => ({ body: json({ email: loginMember.email, password: 'Staff#Pass1' }) }),
      staffVerifyCode: () => {
        const next = challenges.pop() ?? { challenge: spent, recoveryCode: 'aaaaa-aaaaa' }
        return { body: json(next) }
      },
      staffLogout: () => ({ freshSession: true }),
      checkStaffSession: () => ({}),
      searchStaffLocations: () => ({ query: { q: 'nhava', mode: 'FCL' } }),
      staffSetPassword: () => ({
        body: json({
          token: links.pop() ?? newToken(),
          esus_password: 'Staff#Pass2',
          password_confirmation: 'Staff#Pass2',
        }),
      }),
      listStaff: () => ({}),
      addStaff: () => {
        count += 1
        return {
          body: json({ email: `fuzz.added${count}@eship.test`, name: 'Added Person', roles: ['sales'] }),
        }
      },
      updateStaff: () => ({ params: { id: String(loginMember.id) }, body: json({ name: 'Renamed Person' }) }),
      deactivateStaff: () => ({ params: { id: String(toDeactivate.pop() ?? 2_147_483_647) } }),
      resendStaffInvite: () => ({ params: { id: String(loginMember.id) } }),
      listQuoteRequests: () => ({ query: { view: 'open' } }),
      getQuoteRequest: () => ({ params: { number: deskRequest } }),
      assignQuoteRequest: () => ({ params: { number: assignable }, body: json({}) }),
      previewOffer: () => ({ params: { number: deskRequest }, body: json(offer) }),
      sendOffer: () => ({ params: { number: deskRequest }, body: json(offer) }),
      listFollowUps: () => ({}),
      listAuditEvents: () => ({ query: { action: 'staff.', limit: '20' } }),
      ...rateFileSeeds(now).staff,
      listIntegrationKeys: () => ({}),
      createIntegrationKey: () => {
        count += 1
        return { body: json({ name: `Fuzz key ${count}`, scopes: ['events:write', 'documents:review'] }) }
      },
      revokeIntegrationKey: () => ({ params: { id: String(key?.key.id ?? 2_147_483_647) } }),
      getStaffConversation: () => ({ params: { subjectType: 'quote', number: deskRequest } }),
      postStaffMessage: () => ({
        params: { subjectType: 'quote', number: deskRequest },
        body: json({ body: 'We can collect on Monday.' }),
      }),
      getStaffUnreadCounts: () => ({}),
      listUnansweredConversations: () => ({}),
      markConversationHandled: () => ({
        params: { subjectType: 'quote', number: toHandle.pop() ?? deskRequest },
        body: json({ upTo: Number.MAX_SAFE_INTEGER }),
      }),
      listOpsBookings: () => ({ query: { queue: 'received', limit: '20' } }),
      getOpsBooking: () => ({ params: { number: deskBooking } }),
      confirmOpsBooking: () => ({
        params: { number: toConfirm.pop() ?? deskBooking },
        body: json(deskConfirm),
      }),
      postOpsMilestone: () => ({ params: { number: deskBooking }, body: json(estimate()) }),
      retractOpsEvent: () => ({
        params: { number: deskBooking, eventId: toRetract.pop() ?? randomUUID() },
        body: json({ reason: 'Posted against the wrong booking.' }),
      }),
      holdOpsBooking: () => ({
        params: { number: toHold.pop() ?? deskBooking },
        body: json({ reason: 'Awaiting the export permit.' }),
      }),
      releaseOpsBooking: () => ({ params: { number: toRelease.pop() ?? deskBooking } }),
      cancelOpsBooking: () => ({
        params: { number: toCancel.pop() ?? deskBooking },
        body: json({ reason: 'The shipper withdrew the cargo.' }),
      }),
      previewOpsDocument: () => ({ params: { number: deskBooking, id: deskFile } }),
      reviewOpsDocument: () => ({
        params: { number: deskBooking, id: deskFile },
        body: json({ status: 'Accepted' }),
      }),
      requestOpsDocument: () => ({
        params: { number: deskBooking, kind: 'certificate_of_origin' },
        // Today: never after the documents cut-off the document serves (a later date may be, and is refused).
        body: json({
          dueDate: singaporeDateOf(server.clock.now()),
          note: 'The chamber of commerce copy, please.',
        }),
      }),
      streamStaffEvents: () => ({}),
      listCustomers: () => ({ query: { q: 'test', country: 'SG', page: '1' } }),
      getCustomer: () => ({ params: { id: String(company.customer_id) } }),
      resendCustomerActivation: () => ({ params: { id: String(notActivated.id) } }),
      deactivateCustomerUser: () => ({ params: { id: String(switchedOff.id) } }),
      reactivateCustomerUser: () => ({ params: { id: String(switchedOff.id) } }),
      declineOffer: () => ({
        params: { number: toDecline.pop() ?? deskRequest },
        body: json({ reason: 'Too dear.' }),
      }),
    },
  }
}
