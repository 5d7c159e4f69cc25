/**
 * Operations ask for a document (requestDocument): a departed booking's item never received is Not received
 * and refused, until operations ask for it; then it is Required by the request's date with its note, taken,
 * and Uploaded; the customer is mailed once. A cancelled booking is asked for nothing; others see nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BookingDetail, DocumentsResponse } from '../../contract/bookings'
import { documentMessages } from '../../contract/bookings'
import { addDays } from '../../contract/dates'
import { afterCutoffMessage, requestMessages } from '../../contract/documents'
import { runOps } from '../../scripts/ops'
import { type Auth, dcsa, OPS_KEY } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { type DocumentServer, item, setupDocumentServer } from './document-helpers'
import { postJson } from './helpers'

vi.setConfig({ testTimeout: 30_000 })

let server: DocumentServer
let alice: Auth
let bob: Auth

const requestPath = (booking: string, kind: string) =>
  `/api/ops/bookings/${booking}/documents/${kind}/request`

beforeAll(async () => {
  server = await setupDocumentServer()
  alice = await server.login()
  bob = await server.login()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('requestDocument', () => {
  it('lets operations ask for a document of a departed booking, which the customer can then upload', async () => {
    const booking = await server.book(alice)
    const hbl = await server.confirm(booking)
    const departed = await server.postEvents([
      dcsa({ ref: booking, code: 'GTIN', at: '2025-06-03T02:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'LOAD', at: '2025-06-04T06:00:00Z', location: 'SGSIN' }),
      dcsa({ ref: hbl, code: 'DEPA', at: '2025-06-04T12:30:00Z', location: 'SGSIN' }),
    ])
    expect(departed.status, await departed.clone().text()).toBe(200)

    expect(item(await server.list(alice, booking), 'commercial_invoice')).toMatchObject({
      status: 'Not received',
      overdue: false,
    })
    const refused = await server.upload(alice, booking, 'commercial_invoice', minimalPdf())
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ message: documentMessages.departed })

    const mailsBefore = (await server.outbox(alice.email)).length
    const asked = await server.ops(requestPath(booking, 'commercial_invoice'), {
      dueDate: '2025-06-10',
      note: 'The signed copy, please.',
    })
    expect(asked.status).toBe(200)
    const answer = (await asked.json()) as DocumentsResponse
    expect(item(answer.documents, 'commercial_invoice')).toMatchObject({
      status: 'Required',
      dueDate: '2025-06-10',
      overdue: false,
      requested: { note: 'The signed copy, please.' },
    })

    const listed = await server.list(alice, booking)
    expect(item(listed, 'commercial_invoice')).toMatchObject({
      status: 'Required',
      required: true,
      dueDate: '2025-06-10',
      requested: { note: 'The signed copy, please.' },
    })
    // What was not asked for stays closed.
    expect(item(listed, 'packing_list')).toMatchObject({ status: 'Not received', overdue: false })
    expect(item(listed, 'packing_list').requested).toBeUndefined()
    const other = await server.upload(alice, booking, 'packing_list', minimalPdf())
    expect(other.status).toBe(409)
    expect(await other.json()).toEqual({ message: documentMessages.departed })

    const mails = (await server.outbox(alice.email)).slice(mailsBefore)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain(
      `Operations ask for your Commercial invoice for booking ${booking} by 10 Jun 2025.`,
    )
    expect(mails[0]?.text).toContain('The signed copy, please.')
    expect(mails[0]?.text).toContain(`/user/bookings/${booking}`)

    const taken = await server.upload(alice, booking, 'commercial_invoice', minimalPdf())
    expect(taken.status).toBe(201)
    const after = item(await server.list(alice, booking), 'commercial_invoice')
    expect(after).toMatchObject({ status: 'Uploaded', overdue: false })
    expect(after.requested).toBeUndefined()
    expect((await server.outbox(alice.email)).length).toBe(mailsBefore + 1)
  })

  it('is asked through the command line: npm run ops -- request-document', async () => {
    const booking = await server.book(alice)
    const out: string[] = []
    const err: string[] = []
    const run = (args: string[]) =>
      runOps([...args, '--url', 'http://ops.test'], {
        env: { OPS_API_KEY: OPS_KEY },
        fetch: ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof fetch,
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      })
    // By the documents cut-off, as the commercial invoice is due.
    const due = item(await server.list(alice, booking), 'commercial_invoice').dueDate as string
    const args = ['request-document', booking, 'packing_list', '--due', due, '--note', 'With HS codes']
    expect(await run(args)).toBe(0)
    expect(out).toEqual([`Asked for the packing list of ${booking} by ${due}.`])
    expect(item(await server.list(alice, booking), 'packing_list')).toMatchObject({
      dueDate: due,
      requested: { note: 'With HS codes' },
    })
    expect(await run(['request-document', booking, 'packing_list', '--due', '2020-01-01'])).toBe(1)
    expect(err.join('\n')).toContain(requestMessages.pastDate)
    expect(await run(['request-document', booking, 'hbl', '--due', '2099-01-05'])).toBe(2)
  })

  it('refuses a request on a cancelled booking (409)', async () => {
    const booking = await server.book(alice)
    const cancelled = await server.call(alice, `/api/bookings/${booking}/cancel`, postJson({}))
    expect(cancelled.status).toBe(200)
    const res = await server.ops(requestPath(booking, 'commercial_invoice'), { dueDate: '2099-01-01' })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: requestMessages.cancelled })
  })

  it("keeps another company's booking hidden (404) and answers 404 for an unknown booking", async () => {
    const booking = await server.book(alice)
    const dueDate = item(await server.list(alice, booking), 'packing_list').dueDate
    expect((await server.ops(requestPath(booking, 'packing_list'), { dueDate })).status).toBe(200)
    expect((await server.call(bob, `/api/bookings/${booking}/documents`)).status).toBe(404)
    expect((await server.upload(bob, booking, 'packing_list', minimalPdf())).status).toBe(404)
    const unknown = await server.ops(requestPath('ESB-2099999999', 'packing_list'), { dueDate: '2099-01-01' })
    expect(unknown.status).toBe(404)
  })

  it('answers 422 with a clear message for a bad kind, a bad or past date', async () => {
    const booking = await server.book(alice)
    const badKind = await server.ops(requestPath(booking, 'hbl'), { dueDate: '2099-01-01' })
    expect(badKind.status).toBe(422)
    expect(await badKind.json()).toMatchObject({ errors: { kind: [requestMessages.badKind] } })
    for (const dueDate of ['next week', '2099-02-30']) {
      const bad = await server.ops(requestPath(booking, 'packing_list'), { dueDate })
      expect(bad.status).toBe(422)
      expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.dueDate).toContain(
        requestMessages.badDate,
      )
    }
    const past = await server.ops(requestPath(booking, 'packing_list'), { dueDate: '2020-01-01' })
    expect(past.status).toBe(422)
    expect(await past.json()).toMatchObject({ errors: { dueDate: [requestMessages.pastDate] } })
    const noKey = await server.ops(requestPath(booking, 'packing_list'), { dueDate: '2099-01-01' }, null)
    expect(noKey.status).toBe(401)
  })

  it('refuses a due date after the documents cut-off the document serves (422)', async () => {
    const booking = await server.book(alice)
    const detail = (await (await server.call(alice, `/api/bookings/${booking}`)).json()) as BookingDetail
    const cutoff = detail.plannedSailing?.docCutoff
    if (!cutoff) throw new Error('the seed sheets publish a schedule')
    const late = await server.ops(requestPath(booking, 'certificate_of_origin'), {
      dueDate: addDays(cutoff, 1),
    })
    expect(late.status).toBe(422)
    expect(await late.json()).toMatchObject({ errors: { dueDate: [afterCutoffMessage(cutoff)] } })
    const onTime = await server.ops(requestPath(booking, 'certificate_of_origin'), { dueDate: cutoff })
    expect(onTime.status).toBe(200)
    // Every item of the checklist is due by the cut-off, the one asked for included.
    for (const entry of ((await onTime.json()) as DocumentsResponse).documents) {
      if (entry.dueDate) expect(entry.dueDate <= cutoff, entry.kind).toBe(true)
    }
  })

  it('shows a request past its date as overdue, an optional kind asked for as required', async () => {
    const booking = await server.book(alice)
    const asked = await server.ops(requestPath(booking, 'certificate_of_origin'), {
      dueDate: server.clock.now().toISOString().slice(0, 10),
    })
    expect(asked.status).toBe(200)
    // Last: the clock moves past the customer's sessions, so the operations list is read.
    server.clock.advance(2 * 86_400_000)
    const listed = await server.app.request(`/api/ops/bookings/${booking}/documents`, {
      headers: { 'X-API-Key': OPS_KEY },
    })
    const { documents } = (await listed.json()) as DocumentsResponse
    expect(item(documents, 'certificate_of_origin')).toMatchObject({
      required: true,
      status: 'Required',
      overdue: true,
      requested: { note: null },
    })
  })

  it('plans a booking made on a Saturday at 22:56 on a sailing the customer can make (issue 34)', async () => {
    // Saturday 7 June 2025, 22:56 in Singapore: operations confirm by Monday 18:00, the customer prepares until
    // Tuesday 18:00, so no cut-off falls before Wednesday 11 June.
    const saturday = new Date('2025-06-07T22:56:00+08:00')
    server.clock.advance(saturday.getTime() - server.clock.now().getTime())
    const carol = await server.login()
    const booking = await server.book(carol)
    const detail = (await (await server.call(carol, `/api/bookings/${booking}`)).json()) as BookingDetail
    const sailing = detail.plannedSailing
    if (!sailing) throw new Error('the seed sheets publish a schedule')
    expect(sailing.cargoCutoff >= '2025-06-11' && sailing.docCutoff >= '2025-06-11').toBe(true)
    const documents = await server.list(carol, booking)
    expect(documents.length).toBeGreaterThan(0)
    for (const entry of documents) {
      if (entry.dueDate) expect(entry.dueDate <= sailing.docCutoff, entry.kind).toBe(true)
    }
  })
})
