/**
 * The seeds of the API fuzz tests (api-fuzz.test.ts): for each operation a valid request that reaches its
 * handler and answers 2xx, on quotes, bookings, a document and single-use tokens made here for the purpose.
 */
import { expect } from 'vitest'
import { singaporeDateOf } from '../../contract/dates'
import { type CreateQuoteResponse, containersOf, type QuoteDetail } from '../../contract/quotes'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createActivationToken } from '../../server/auth/activation-tokens'
import { createPasswordReset } from '../../server/auth/password-resets'
import { createSessionRelease } from '../../server/auth/session-release'
import { hashToken, newToken } from '../../server/auth/tokens'
import { rateFileSeeds } from './api-fuzz-rate-seeds'
import { billingContactSeeds } from './api-fuzz-reminder-seeds'
import type { Body, Seed } from './api-fuzz-requests'
import { teamSeeds } from './api-fuzz-team-seeds'
import { type Auth, type BookingServer, dcsa } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { createTestUser, postJson, registrationPayload } from './helpers'

let counter = 0
const fresh = () => {
  counter += 1
  return counter
}

const services = {
  exportCustoms: false,
  importCustoms: false,
  insurance: false,
  pickup: null,
  delivery: null,
}
const party = (name: string) => ({ name, address: '10 Anson Road, #20-01, Singapore 079903' })

async function makeQuote(server: BookingServer, auth: Auth): Promise<QuoteDetail> {
  const res = await server.call(auth, '/api/quotes', postJson(server.fcl()))
  const { quote } = (await res.json()) as CreateQuoteResponse
  expect(quote, 'a priced quote').toBeTruthy()
  return quote as QuoteDetail
}

/** A new customer's session: for the operations that end theirs. */
export async function freshSession(server: BookingServer): Promise<{ token: string; password: string }> {
  const user = await createTestUser(server.db)
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }),
  )
  const body = (await res.json()) as LoginResponse
  expect(body.token, JSON.stringify(body)).toBeTruthy()
  return { token: body.token as string, password: user.password }
}

/** Makes what the seeds need on `server` and gives each operation, by its id, its seed; `main` owns it all. */
export async function makeSeeds(server: BookingServer, main: Auth): Promise<Record<string, () => Seed>> {
  const country = await server.db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()
  const priced = await makeQuote(server, main)
  const toConfirm = await makeQuote(server, main)
  const booking = await server.book(main)
  const hbl = await server.confirm(booking, { etd: '2025-06-10T08:00:00Z', eta: '2025-06-20T08:00:00Z' })
  const toCancel = await server.book(main)
  const toConfirmByOps = await server.book(main)
  const uploaded = await server.call(main, `/api/bookings/${booking}/documents/commercial_invoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'invoice.pdf' },
    body: minimalPdf() as Uint8Array<ArrayBuffer>,
  })
  const fileId = ((await uploaded.json()) as { document: { id: string } }).document.id
  const loginUser = await createTestUser(server.db)
  // Single-use tokens of emailed links, one account each (a newer link retires the older ones).
  const resetTokens: string[] = []
  const activationTokens: string[] = []
  const releaseTokens: string[] = []
  // Accounts with a live session elsewhere, whose owners ask for the link that ends it (3 an hour each).
  const lockedOut: { email: string; password: string }[] = []
  for (let i = 0; i < 16; i += 1) {
    const resetToken = newToken()
    const reset = await createTestUser(server.db)
    await createPasswordReset(server.db, reset.id, hashToken(resetToken), server.clock.now())
    resetTokens.push(resetToken)
    const activationToken = newToken()
    const inactive = await createTestUser(server.db, { activated_at: null })
    await createActivationToken(server.db, inactive.id, hashToken(activationToken), server.clock.now(), {
      retireOthers: false,
    })
    activationTokens.push(activationToken)
    const releaseToken = newToken()
    const release = await createTestUser(server.db)
    await createSessionRelease(server.db, release.id, hashToken(releaseToken), server.clock.now())
    releaseTokens.push(releaseToken)
  }
  for (let i = 0; i < 4; i += 1) {
    const owner = await createTestUser(server.db)
    const res = await server.app.request(
      apiPaths.login,
      postJson({ email: owner.email, password: owner.password }),
    )
    expect(res.status, 'a live session').toBe(200)
    lockedOut.push(owner)
  }
  // Address book entries of `main`: one to edit, a pool to delete (each seed of deleteParty takes one).
  const savedParty = async (name: string) => {
    const res = await server.call(main, '/api/parties', postJson(party(name)))
    return ((await res.json()) as { party: { id: number } }).party.id
  }
  const editedParty = await savedParty('Fuzz Edited Pte Ltd')
  const partiesToDelete: number[] = []
  for (let i = 0; i < 8; i += 1) partiesToDelete.push(await savedParty(`Fuzz Deleted ${i} Pte Ltd`))
  const option = priced.options[0]
  const confirmOption = toConfirm.options[0]
  const json = (value: unknown): Body => ({ kind: 'json', value })
  // My Team and the invitation link: main's colleagues, invitations and requests to join.
  const team = await teamSeeds(server, main)

  return {
    listCountries: () => ({}),
    getHealth: () => ({}),
    getOpenApiDocument: () => ({}),
    login: () => ({ body: json({ email: loginUser.email, password: loginUser.password }) }),
    logout: () => ({ freshSession: true }),
    checkSession: () => ({}),
    forgotPassword: () => ({ body: json({ email: `fuzz.${fresh()}@example.com` }) }),
    resetPassword: () => ({
      body: json({
        token: resetTokens.pop() ?? newToken(),
        esus_password: 'Secret#456',
        password_confirmation: 'Secret#456',
      }),
    }),
    requestSessionRelease: () => {
      const owner = lockedOut[fresh() % lockedOut.length]
      return { body: json({ email: owner?.email, password: owner?.password }) }
    },
    releaseSession: () => ({ body: json({ token: releaseTokens.pop() ?? newToken() }) }),
    register: () => ({ body: json(registrationPayload(country, `fuzz.${fresh()}@example.com`)) }),
    activateAccount: () => ({ body: json({ token: activationTokens.pop() ?? newToken() }) }),
    resendActivation: () => ({ body: json({ email: `fuzz.${fresh()}@example.com` }) }),
    sendEnquiry: () => ({
      body: json({
        mail: `fuzz.${fresh()}@example.com`,
        name: 'Grace Importer',
        company: 'Grace Imports Ltd',
        code: '+44',
        phone: '2071234567',
        source: 'Search Engine',
        mode: 'FCL',
        message: 'We ship 4 x 40HC a month.',
      }),
    }),
    searchLocations: () => ({ query: { q: 'sing', mode: 'FCL' } }),
    createQuote: () => ({ body: json(server.fcl()) }),
    listQuotes: () => ({ query: { q: 'SGSIN', mode: 'FCL', mine: 'true' } }),
    getQuote: () => ({ params: { number: priced.number } }),
    priceQuoteServices: () => ({
      params: { number: priced.number },
      body: json({ optionId: option?.id, services }),
    }),
    confirmQuote: () => ({
      params: { number: toConfirm.number },
      body: json({
        optionId: confirmOption?.id,
        services,
        shipper: party('Alice Exports Pte Ltd'),
        consignee: party('Mumbai Imports Pvt Ltd'),
        cargoDescription: 'Machine parts in crates',
        containerWeightsKg: containersOf(toConfirm.request).map(() => 18_400),
        acceptTerms: true,
        shownTotalUsd: confirmOption?.totalUsd,
      }),
    }),
    requoteQuote: () => ({ params: { number: priced.number } }),
    listParties: () => ({}),
    createParty: () => ({ body: json({ ...party(`Fuzz ${fresh()} Pte Ltd`), roles: ['shipper'] }) }),
    updateParty: () => ({
      params: { id: String(editedParty) },
      body: json({ ...party('Fuzz Edited Pte Ltd'), contact: 'Ops desk', roles: ['consignee'] }),
    }),
    deleteParty: () => ({ params: { id: String(partiesToDelete.pop() ?? 2_147_483_647) } }),
    requestManualQuote: () => ({ body: json({ request: server.fcl(), notes: 'Weekly, all year.' }) }),
    listDocuments: () => ({ params: { number: booking } }),
    uploadDocument: () => ({
      params: { number: booking, kind: 'packing_list' },
      headers: { 'X-File-Name': encodeURIComponent('packing list.pdf') },
      body: { kind: 'bytes', data: minimalPdf(), contentType: 'application/pdf' },
    }),
    downloadDocument: () => ({ params: { number: booking, id: fileId } }),
    listBookingDocumentsForOps: () => ({ params: { number: booking } }),
    reviewDocument: () => ({ params: { id: fileId }, body: json({ status: 'Accepted' }) }),
    requestDocument: () => ({
      params: { number: booking, kind: 'certificate_of_origin' },
      // Today: never after the documents cut-off the document serves (a later date may be, and is refused).
      body: json({ dueDate: singaporeDateOf(server.clock.now()), note: 'The signed copy.' }),
    }),
    getProfile: () => ({}),
    updateProfile: () => ({
      body: json({
        esus_name: 'Ada Shipper',
        esus_company_name: 'Ada Trading Pte Ltd',
        esus_mcou: country.mcou_rid,
        code: country.mcou_country_dialing_code,
        esus_phone: '61234567',
        esus_address1: '1 Harbour Front Avenue, Singapore',
        esus_mcpy: country.eshp_mcpy,
      }),
    }),
    changePassword: () => ({
      freshSession: true,
      body: json({
        current_password: 'Secret#123',
        esus_password: 'Secret#456',
        password_confirmation: 'Secret#456',
      }),
    }),
    updateNotificationSettings: () => ({
      body: json({ milestones: true, etaChanges: true, documents: true, quoteExpiry: true, messages: true }),
    }),
    getConversation: () => ({ params: { subjectType: 'quote', number: priced.number } }),
    postMessage: () => ({
      params: { subjectType: 'quote', number: priced.number },
      body: json({ body: 'When can you collect the cargo?' }),
    }),
    getUnreadCounts: () => ({}),
    // The stream answers its first chunk at once; the judge reads it and cancels (api-fuzz-schema.ts).
    streamEvents: () => ({}),
    listBookings: () => ({ query: { q: 'ESB', status: 'Confirmed', mode: 'FCL' } }),
    getBooking: () => ({ params: { number: booking } }),
    getBookingConfirmation: () => ({ params: { number: booking } }),
    cancelBooking: () => ({ params: { number: toCancel } }),
    trackShipment: () => ({ params: { hbl } }),
    getDashboard: () => ({}),
    listTeamActivity: () => ({ query: { page: '1' } }),
    postTrackingEvents: () => ({
      body: json({
        events: [
          dcsa({
            ref: booking,
            code: 'GTIN',
            at: '2025-06-05T08:00:00Z',
            location: 'SGSIN',
            vessel: 'MAERSK KOLKATA',
          }),
        ],
      }),
    }),
    confirmBooking: () => ({
      params: { number: toConfirmByOps },
      body: json({ vesselName: 'MAERSK KOLKATA', voyage: '012W', etd: '2025-06-10T08:00:00Z' }),
    }),
    ...rateFileSeeds(server.clock.now()).ops,
    ...team,
    ...billingContactSeeds,
    listDevOutbox: () => ({ query: { to: main.email } }),
    showDevOutbox: () => ({ query: { to: main.email } }),
  } satisfies Record<string, () => Seed>
}
