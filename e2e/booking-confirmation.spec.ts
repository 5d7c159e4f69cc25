import { readFile } from 'node:fs/promises'
import { type BookingDetail, bookingTimeText } from '../contract/bookings'
import { formatScheduleDay } from '../src/app/datetime'
import { createCustomer, expect, fillConfirmation, logInThroughApi, quoteThroughApi, test } from './fixtures'

// After Confirm: the confirmation page (what happens next, the documents due, the planned sailing), the
// booking confirmation PDF and the way to the booking (docs/bookings.md, "After Confirm").

test('a new customer confirms an FCL quote and lands on its confirmation page, with its PDF', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'confirmation')
  const token = await logInThroughApi(page, customer)
  const quote = await quoteThroughApi(request, token)
  const option = quote.options[0]
  await page.goto(`/user/confirm-quote?quote=${quote.number}&option=${option?.id}`)

  await fillConfirmation(page)
  await page.getByRole('button', { name: /^Confirm/ }).click()

  // The page of its own, its heading focused.
  await expect(page).toHaveURL(/\/user\/bookings\/ESB-\d{10}\/confirmed$/)
  const number = /(ESB-\d{10})/.exec(page.url())?.[1] ?? ''
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(`Booking ${number} received`)
  await expect(heading).toBeFocused()
  await expect(page.getByTestId('page-title')).toHaveText(number)

  // What the API holds of it: the page shows the same.
  const answer = await request.get(`/api/bookings/${number}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const booking = (await answer.json()) as BookingDetail
  const sailing = booking.plannedSailing
  expect(sailing, 'the demo sheets publish a schedule').not.toBeNull()
  await expect(page.getByText(quote.number, { exact: true })).toBeVisible()
  await expect(page.getByText(booking.carrier, { exact: true })).toBeVisible()
  await expect(page.getByTestId('booking-total')).toContainText(/USD [\d,]+\.\d\d/)

  // What happens next: operations and their hours, the documents due with dates, the planned sailing.
  const steps = page.getByRole('region', { name: 'What happens next' }).getByRole('listitem')
  await expect(page.getByTestId('operations-step')).toContainText(
    'Our operations team confirms the booking with',
  )
  await expect(page.getByTestId('operations-step')).toContainText('working day')
  const due = page.getByTestId('document-due')
  await expect(due).toHaveCount(3)
  await expect(due.first()).toContainText('Commercial invoice')
  await expect(due.first().getByTestId('due-date')).toHaveText(
    `Due ${formatScheduleDay(booking.documents[0]?.dueDate ?? '')}`,
  )
  await expect(due.first().getByRole('link', { name: 'Upload Commercial invoice' })).toHaveAttribute(
    'href',
    `/user/bookings/${number}#documents-title`,
  )
  // The planned ETD in the words of My Bookings, the booking page and the PDF, marked planned.
  await expect(page.getByTestId('planned-etd')).toHaveText(
    bookingTimeText(booking, 'etd', { now: new Date(), named: true }) ?? '',
  )
  await expect(page.getByTestId('planned-etd')).toContainText('(planned)')
  await expect(steps.filter({ hasText: 'Cargo cut-off' })).toHaveCount(1)

  // The booking confirmation PDF.
  const pdf = page.waitForResponse((r) => r.url().endsWith(`/api/bookings/${number}/confirmation.pdf`))
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download booking confirmation (PDF)' }).click()
  const response = await pdf
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  // What the customer gets is the file saved: a PDF of some substance, named after the booking.
  const saved = await download
  expect(saved.suggestedFilename()).toBe(`${number}-confirmation.pdf`)
  const file = await readFile(await saved.path())
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(file.byteLength).toBeGreaterThan(1000)

  // Usable at 320 px: nothing scrolls sideways, both actions on screen.
  await page.setViewportSize({ width: 320, height: 700 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const view = page.getByRole('link', { name: 'View booking' })
  await view.scrollIntoViewIfNeeded()
  const box = await view.boundingBox()
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 320).toBe(true)

  // View booking opens the booking's own page.
  await view.click()
  await expect(page).toHaveURL(`/user/bookings/${number}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Booking ${number}`)
})

test("another company's booking is not found there, and its PDF answers 404", async ({ page, request }) => {
  const owner = await createCustomer(request, 'owner')
  const ownerToken = await logInThroughApi(page, owner)
  const quote = await quoteThroughApi(request, ownerToken)
  const option = quote.options[0]
  const confirmed = await request.post(`/api/quotes/${quote.number}/confirm`, {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: {
      optionId: option?.id,
      services: {
        exportCustoms: false,
        importCustoms: false,
        insurance: false,
        pickup: null,
        delivery: null,
      },
      shipper: { name: 'Lion City Exports Pte Ltd', address: '10 Anson Road, #20-01, Singapore 079903' },
      consignee: { name: 'Mumbai Imports Pvt Ltd', address: 'Plot 4, JNPT Road, Navi Mumbai 400707' },
      cargoDescription: 'Teak furniture, 40 cartons',
      containerWeightsKg: [18_400],
      acceptTerms: true,
      shownTotalUsd: option?.totalUsd,
    },
  })
  expect(confirmed.status()).toBe(201)
  const { booking } = (await confirmed.json()) as { booking: { number: string } }

  const other = await createCustomer(request, 'other')
  const otherPage = await page.context().browser()?.newPage()
  if (!otherPage) throw new Error('no second page')
  const otherToken = await logInThroughApi(otherPage, other)
  const pdf = await request.get(`/api/bookings/${booking.number}/confirmation.pdf`, {
    headers: { Authorization: `Bearer ${otherToken}` },
  })
  expect(pdf.status()).toBe(404)
  await otherPage.goto(`/user/bookings/${booking.number}/confirmed`)
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Booking not found')
  await otherPage.close()
})
