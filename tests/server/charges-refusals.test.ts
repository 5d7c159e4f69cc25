/**
 * What a booking's charges refuse (issue 35, docs/invoices.md): another company's booking or charge is 404, a
 * Viewer or a staff member without operations or finance is 403, and bad input gets its 4xx and changes
 * nothing. Disbursements need their receipt, sent with the charge as multipart; the file is served back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentMessages } from '../../contract/bookings'
import {
  type ChargeAnswer,
  type ChargeItem,
  chargeMessages,
  chargePaths,
} from '../../contract/finance/charges'
import { forbiddenMessage } from '../../contract/permissions'
import { type ChargeServer, setupChargeServer } from './charges-helpers'
import { executable, minimalPdf } from './document-fixtures'

let server: ChargeServer
let customer: Record<string, string> & { email: string }
let number: string
let ops: Record<string, string>
let pendingId: number

const charge = (overrides: Record<string, unknown> = {}) => ({
  code: 'STO',
  description: 'Storage at our warehouse',
  quantityText: '4 days',
  currency: 'SGD',
  amount: 12_000,
  reason: 'The consignee collected four days late.',
  ...overrides,
})

/** What the database holds of the booking's charges and the outbox: what a refusal must leave as it is. */
const state = async () => ({
  charges: await server.db
    .selectFrom('booking_charges')
    .select(['id', 'status', 'decision_reason'])
    .orderBy('id')
    .execute(),
  mails: (await server.db.selectFrom('outbox').select('id').execute()).length,
})

const multipart = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  if (file) form.set('file', new Blob([file.bytes as BlobPart]), file.name)
  return server.app.request(chargePaths.staffBookingCharges(number), {
    method: 'POST',
    headers: { Authorization: ops.Authorization as string },
    body: form,
  })
}

beforeAll(async () => {
  server = await setupChargeServer()
  customer = await server.login()
  number = await server.book(customer)
  await server.confirm(number)
  ops = await server.staff(['operations'])
  const res = await server.send(ops, chargePaths.staffBookingCharges(number), 'POST', charge())
  expect(res.status).toBe(201)
  pendingId = ((await res.json()) as ChargeAnswer).charge.id
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('bad input', () => {
  const refusals: [string, Record<string, unknown>, number, string][] = [
    ['a negative amount', charge({ amount: -100 }), 422, chargeMessages.amountPositive],
    ['a zero amount', charge({ amount: 0 }), 422, chargeMessages.amountPositive],
    ['a fraction of a cent', charge({ amount: 10.5 }), 422, chargeMessages.amountWhole],
    ['an unknown code', charge({ code: 'XYZ' }), 422, chargeMessages.codeUnknown],
    [
      'a currency that is not the booking’s',
      charge({ currency: 'USD' }),
      422,
      chargeMessages.currencyNotBookings('SGD'),
    ],
    [
      'a disbursement without its receipt',
      charge({ code: 'DTY', description: 'Import duty' }),
      422,
      chargeMessages.receiptRequired,
    ],
    ['no reason', charge({ reason: ' ' }), 422, chargeMessages.reasonRequired],
  ]
  for (const [what, body, status, message] of refusals) {
    it(`refuses ${what} with ${status}, changing nothing`, async () => {
      const before = await state()
      const res = await server.send(ops, chargePaths.staffBookingCharges(number), 'POST', body)
      expect(res.status).toBe(status)
      expect(((await res.json()) as { message: string }).message).toBe(message)
      expect(await state()).toEqual(before)
    })
  }

  it('refuses a charge on a booking not yet confirmed (409) and on no booking (404)', async () => {
    const unconfirmed = await server.book(customer)
    const before = await state()
    const res = await server.send(ops, chargePaths.staffBookingCharges(unconfirmed), 'POST', charge())
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: chargeMessages.bookingNotConfirmed })
    const none = await server.send(ops, chargePaths.staffBookingCharges('ESB-2099999999'), 'POST', charge())
    expect(none.status).toBe(404)
    expect(await state()).toEqual(before)
  })

  it('refuses a decline without a reason and a withdrawal without one', async () => {
    const before = await state()
    const decline = await server.send(customer, chargePaths.decide(pendingId), 'POST', {
      decision: 'decline',
    })
    expect(decline.status).toBe(422)
    const withdraw = await server.send(ops, chargePaths.staffWithdraw(pendingId), 'POST', { reason: '' })
    expect(withdraw.status).toBe(422)
    expect(await state()).toEqual(before)
  })
})

describe('scope and roles', () => {
  it('answers 404 for another company’s booking, charge and attachment', async () => {
    const other = await server.login()
    expect((await server.send(other, chargePaths.bookingCharges(number))).status).toBe(404)
    const before = await state()
    const res = await server.send(other, chargePaths.decide(pendingId), 'POST', { decision: 'approve' })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: chargeMessages.notFound })
    expect((await server.send(other, chargePaths.attachment(pendingId))).status).toBe(404)
    expect(await state()).toEqual(before)
  })

  it('lets a Viewer read but not decide (403), and a Member decide', async () => {
    const viewer = await server.colleague(customer.email, 'viewer')
    const list = (await (
      await server.send(viewer, chargePaths.bookingCharges(number))
    ).json()) as ChargeItem[]
    expect(list.some((c) => c.id === pendingId)).toBe(true)
    const before = await state()
    const refused = await server.send(viewer, chargePaths.decide(pendingId), 'POST', { decision: 'approve' })
    expect(refused.status).toBe(403)
    expect(await state()).toEqual(before)
    const member = await server.colleague(customer.email, 'member')
    const res = await server.send(member, chargePaths.decide(pendingId), 'POST', {
      decision: 'decline',
      reason: 'Storage was free under our contract.',
    })
    expect(res.status).toBe(200)
  })

  it('lets only operations and finance add, withdraw and read a booking’s charges in the console', async () => {
    const sales = await server.staff(['sales'])
    const before = await state()
    const res = await server.send(sales, chargePaths.staffBookingCharges(number), 'POST', charge())
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: forbiddenMessage('addBookingCharge') })
    expect((await server.send(sales, chargePaths.staffBookingCharges(number))).status).toBe(403)
    expect(
      (await server.send(sales, chargePaths.staffWithdraw(pendingId), 'POST', { reason: 'x' })).status,
    ).toBe(403)
    expect(await state()).toEqual(before)
  })
})

describe('a disbursement with its receipt', () => {
  it('is stored at cost, out of scope, with the receipt the customer and staff can download', async () => {
    const pdf = minimalPdf('Singapore Customs receipt')
    const res = await multipart(
      {
        code: 'IGS',
        description: 'Import GST paid to Singapore Customs',
        quantityText: 'Permit 2026-0001',
        currency: 'SGD',
        amount: '81234',
        reason: 'Paid on your behalf at import.',
      },
      { bytes: pdf, name: 'receipt.pdf' },
    )
    const body = (await res.json()) as ChargeAnswer
    expect(res.status, JSON.stringify(body)).toBe(201)
    expect(body.charge).toMatchObject({
      code: 'IGS',
      amount: 81_234,
      gstCode: 'OS',
      source: 'disbursement',
      status: 'pending',
      attachment: { name: 'receipt.pdf', size: pdf.byteLength, contentType: 'application/pdf' },
    })
    for (const [auth, path] of [
      [customer, chargePaths.attachment(body.charge.id)],
      [ops, chargePaths.staffAttachment(body.charge.id)],
    ] as const) {
      const file = await server.send(auth, path)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('application/pdf')
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf)
    }
  })

  it('refuses a receipt that is not a document (415), a form without a file (422), and keeps no file it refused', async () => {
    const blobs = async () =>
      (await server.db.selectFrom('document_blobs').select('key').distinct().execute()).length
    const before = { ...(await state()), blobs: await blobs() }
    const fields = {
      code: 'DTY',
      description: 'Import duty',
      currency: 'SGD',
      amount: '5000',
      reason: 'Paid on your behalf at import.',
    }
    const bad = await multipart(fields, { bytes: executable(), name: 'receipt.pdf' })
    expect(bad.status).toBe(415)
    expect(await bad.json()).toEqual({ message: documentMessages.badType })
    const none = await multipart(fields)
    expect(none.status).toBe(422)
    expect(await none.json()).toMatchObject({ message: chargeMessages.receiptRequired })
    // A good file with a charge the booking refuses: the file stored first is removed again.
    const wrong = await multipart(
      { ...fields, currency: 'USD' },
      { bytes: minimalPdf(), name: 'receipt.pdf' },
    )
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toMatchObject({ message: chargeMessages.currencyNotBookings('SGD') })
    expect({ ...(await state()), blobs: await blobs() }).toEqual(before)
  })
})
