import { randomUUID } from 'node:crypto'
import type { ChargeItem } from '../contract/finance/charges'
import { chargePaths } from '../contract/finance/charges'
import {
  type InvoiceDetail,
  type IssuedDocument,
  invoicePaths,
  type UninvoicedBooking,
} from '../contract/finance/invoice-wire'
import { bookThroughApi, DAY, ops } from './bookings-api'
import { apiSession, createCustomer, expect, handSession, test } from './fixtures'
import { handStaffSession, newStaff, staffCall } from './staff-fixtures'

/**
 * Finance's payments (issue 36, docs/payments.md): a booking invoiced twice through the API (its first charge,
 * then the rest); finance uploads a camt.053 statement whose line names the first invoice, confirms the desk's
 * suggestion and the invoice is Paid; then records a cheque for part of the second (Part paid) and reverses
 * it, the cheque having bounced (Issued again).
 */

/** A camt.053.001.08 statement of one booked credit entry, on an account of the test's own. */
const camt053 = (account: string, invoice: InvoiceDetail) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-${account}</MsgId><CreDtTm>2026-11-29T09:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>E2E-${account}</Id>
      <CreDtTm>2026-11-29T09:00:00</CreDtTm>
      <Acct><Id><Othr><Id>${account}</Id></Othr></Id></Acct>
      <Ntry>
        <Amt Ccy="${invoice.currency}">${(invoice.balance / 100).toFixed(2)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-29</Dt></BookgDt>
        <ValDt><Dt>2026-11-29</Dt></ValDt>
        <AcctSvcrRef>E2E-${account}-1</AcctSvcrRef>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>${invoice.number}</EndToEndId></Refs>
            <RltdPties><Dbtr><Pty><Nm>E2E Payer Pte Ltd</Nm></Pty></Dbtr></RltdPties>
          </TxDtls>
        </NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`

test('finance matches a statement line to an invoice, then records and reverses a part payment', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'payments')
  const [session, finance] = await Promise.all([
    apiSession(request, customer),
    newStaff(request, ['finance'], 'Fiona Finance'),
  ])
  await handSession(page, session)
  await handStaffSession(page, finance)
  await page.goto('/staff/finance/payments')
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()

  // A confirmed booking (its quoted lines become approved charges), billed in two invoices.
  const booking = await bookThroughApi(page, request)
  const etd = Date.now() + 2 * DAY
  const confirmed = await ops(request, `/api/ops/bookings/${booking}/confirm`, {
    etd: new Date(etd).toISOString(),
    eta: new Date(etd + 9 * DAY).toISOString(),
    vesselName: 'MAERSK SELETAR',
    voyage: '523W',
  })
  expect(confirmed.status()).toBe(200)
  const staff = staffCall(request, finance)
  const charges = (await (await staff.get(chargePaths.staffBookingCharges(booking))).json()) as ChargeItem[]
  expect(charges.length).toBeGreaterThan(1)
  const queue = (await (await staff.get(invoicePaths.staffUninvoiced)).json()) as UninvoicedBooking[]
  const customerId = queue.find((row) => row.bookingNumber === booking)?.customerId as number
  const billing = await request.put(invoicePaths.staffBilling(customerId), {
    headers: { Authorization: `Bearer ${finance.token}` },
    data: { paymentTermsDays: 30, currency: 'SGD', address: '10 Anson Road, #20-01, Singapore 079903' },
  })
  expect(billing.status()).toBe(200)
  const issue = async (chargeIds: number[]) => {
    const issued = await staff.post(invoicePaths.staffIssue(booking), { chargeIds })
    expect(issued.status()).toBe(201)
    return ((await issued.json()) as IssuedDocument).invoice
  }
  const first = await issue([(charges[0] as ChargeItem).id])
  const second = await issue(charges.slice(1).map((charge) => charge.id))

  // The statement names the first invoice: the desk suggests it, finance confirms, the invoice is paid.
  await page.goto('/staff/finance/bank')
  await page.getByLabel('Statement file (camt.053 XML or CSV)').setInputFiles({
    name: 'statement.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(camt053(`E2E${randomUUID().slice(0, 12)}`, first)),
  })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByTestId('upload-result')).toContainText('1 new')
  const line = page.getByTestId('bank-line').filter({ hasText: first.number })
  await expect(line.getByTestId('bank-suggestion')).toContainText(first.number)
  await line.getByRole('button', { name: /^Confirm / }).click()
  await expect(page.getByTestId('bank-status')).toHaveText(/matched/)
  await page.goto(`/staff/finance/invoices/${first.number}`)
  await expect(page.getByTestId('invoice-state')).toHaveText(/Paid$/)

  // A cheque for SGD 100.00 of the second invoice, recorded at the smallest phone's width: part paid.
  await page.setViewportSize({ width: 320, height: 700 })
  await page.goto('/staff/finance/payments')
  await page.getByRole('button', { name: 'Record a payment' }).click()
  const form = page.getByRole('region', { name: 'Record a payment' })
  await form.getByLabel('Find the customer by name').fill(customer.email)
  await form.getByLabel('Find the customer by name').press('Enter')
  await form.getByRole('list', { name: 'Companies found' }).getByRole('button').first().click()
  await form.getByLabel('Method').selectOption('cheque')
  await form.getByLabel('Amount (SGD)').fill('100.00')
  await form.getByText(`Allocate to ${second.number}`, { exact: true }).click()
  await expect(form.getByRole('checkbox', { name: `Allocate to ${second.number}` })).toBeChecked()
  await form.getByLabel(`Amount to ${second.number} (SGD)`).fill('100.00')
  await expect(form.getByTestId('allocation-left')).toHaveText(
    'Left to allocate: SGD 0.00 (credit on account)',
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await form.getByRole('button', { name: 'Record the payment' }).click()
  await expect(page.getByTestId('payments-status')).toContainText('Payment recorded.')
  const paymentLink = page.getByTestId('payments-status').getByRole('link')
  const paymentPath = (await paymentLink.getAttribute('href')) ?? ''
  await page.goto(`/staff/finance/invoices/${second.number}`)
  await expect(page.getByTestId('invoice-state')).toHaveText(/Part paid$/)

  // The cheque bounced: reversed after a confirm step, the invoice owes it all again.
  await page.goto(paymentPath)
  await page.getByRole('button', { name: 'Reverse…' }).click()
  await page.getByLabel(/Why is it reversed/).fill('The cheque bounced.')
  await page.getByRole('button', { name: 'Reverse…' }).click()
  await page.getByRole('button', { name: 'Yes, reverse it' }).click()
  await expect(page.getByTestId('payment-status')).toHaveText('Payment reversed: its allocations are undone.')
  await expect(page.getByTestId('payment-reversed')).toContainText('The cheque bounced.')
  await page.goto(`/staff/finance/invoices/${second.number}`)
  await expect(page.getByTestId('invoice-state')).toHaveText(/Issued$/)
})
