import type { Browser, Page } from '@playwright/test'
import { opsNotices } from '../machines/ops-booking-setup'
import { axeViolations } from './axe'
import { bookThroughApi, DAY, HOUR } from './bookings-api'
import { apiSession, createCustomer, expect, handSession, test } from './fixtures'
import { handStaffSession, newStaff, staffCall } from './staff-fixtures'

/**
 * The operations desk (issue 23), each person in their own browser: a customer books; operations confirm it
 * from the desk and the customer's open booking page shows the HBL without reloading; operations post Gate In,
 * Loaded and Departed by form and the customer's tracking shows them; a document is rejected with a reason, the
 * customer sees it and uploads again, operations accept it; the audit trail names the person at each step.
 */
async function pageIn(browser: Browser, width?: number): Promise<Page> {
  const context = await browser.newContext(width ? { viewport: { width, height: 800 } } : {})
  return context.newPage()
}

/** A wall-clock time at a place of this UTC offset, as `<input type="datetime-local">` takes it. */
const localAt = (ms: number, offsetMinutes: number) =>
  new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 16)
const SINGAPORE = 8 * 60
const NHAVA_SHEVA = 5 * 60 + 30

/** The keys that type a `YYYY-MM-DDTHH:MM` value into Chromium's datetime-local field (en-US order). */
/**
 * Types a local date-time into a focused `datetime-local` field with the keyboard, as Chromium's en-US field
 * takes it: month, day and year (the year takes up to 6 digits, so ArrowRight moves on), then hour, minute
 * and AM/PM; the two-digit parts move on by themselves.
 */
async function typeDateTime(page: Page, local: string) {
  const [date = '', time = ''] = local.split('T')
  const [year, month, day] = date.split('-')
  const [hour = 0, minute = '00'] = [Number(time.slice(0, 2)), time.slice(3, 5)]
  const hour12 = String(((hour + 11) % 12) + 1).padStart(2, '0')
  await page.keyboard.type(`${month}${day}${year}`)
  await page.keyboard.press('ArrowRight')
  await page.keyboard.type(`${hour12}${minute}${hour < 12 ? 'A' : 'P'}`)
}

const pdf = (text: string) => ({
  name: 'invoice.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`),
})

async function postMilestone(desk: Page, type: string, code: string, at: string) {
  const form = desk.getByRole('region', { name: 'Post a milestone' })
  await form.getByLabel('Event type').selectOption(type)
  await form.getByLabel('Event', { exact: true }).selectOption(code)
  await form.getByLabel('Planned, estimated or actual').selectOption('ACT')
  // The place from the location search: typed, then chosen from the list.
  await form.getByRole('combobox', { name: 'Place' }).fill('SGSIN')
  await desk.getByRole('option', { name: /SGSIN/ }).first().click()
  await form.getByLabel(/^Time at Singapore \(GMT\+8\)/).fill(at)
  await form.getByRole('button', { name: 'Post milestone' }).click()
}

/**
 * The confirm form on its grid: ETD beside ETA, and every date-time field (its label, its input and the
 * input's own calendar button) inside its column, its column beside the next without overlap, all inside the card.
 */
async function expectOnItsGrid(desk: Page) {
  const boxes = await desk.getByTestId('confirm-card').evaluate((card) => {
    const box = (el: Element) => el.getBoundingClientRect().toJSON() as DOMRect
    return {
      card: box(card),
      cells: [...card.querySelectorAll('[data-testid="confirm-time"]')].map((cell) => {
        const input = cell.querySelector('input') as HTMLInputElement
        const label = cell.querySelector('label') as HTMLLabelElement
        return {
          cell: box(cell),
          input: box(input),
          label: box(label),
          fits: input.scrollWidth <= input.clientWidth,
        }
      }),
    }
  })
  const inside = (inner: DOMRect, outer: DOMRect) =>
    inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5
  expect(boxes.cells.length).toBeGreaterThanOrEqual(4)
  for (const { cell, input, label, fits } of boxes.cells) {
    expect(inside(input, cell) && inside(label, cell) && inside(cell, boxes.card)).toBe(true)
    expect(fits).toBe(true)
  }
  const [etd, eta] = boxes.cells as [(typeof boxes.cells)[number], (typeof boxes.cells)[number]]
  expect(Math.abs(etd.cell.top - eta.cell.top)).toBeLessThan(1)
  expect(etd.cell.right).toBeLessThanOrEqual(eta.cell.left)
}

/** A queue card: every cell's content lies right of the label column (7rem), inside the cell. */
async function expectValuesBesideLabels(card: import('@playwright/test').Locator) {
  const cells = await card.evaluate((row) =>
    [...row.querySelectorAll('td[data-label]')].map((td) => {
      const at = td.getBoundingClientRect()
      const labelEnd = at.left + 7 * Number.parseFloat(getComputedStyle(document.documentElement).fontSize)
      return {
        label: td.getAttribute('data-label'),
        beside: [...td.children].every((child) => {
          const box = child.getBoundingClientRect()
          return box.left >= labelEnd && box.right <= at.right + 0.5
        }),
      }
    }),
  )
  expect(cells.length).toBeGreaterThan(4)
  expect(cells.filter((cell) => !cell.beside)).toEqual([])
}

test('operations confirm a booking, post its milestones and review its documents; the customer sees each live', async ({
  browser,
  request,
}) => {
  const operations = await newStaff(request, ['operations'], 'Priya Raman')
  const customer = await createCustomer(request, 'opsdesk')
  const session = await apiSession(request, customer)

  // The customer books, uploads the commercial invoice and keeps the booking open.
  const shop = await pageIn(browser)
  await handSession(shop, session)
  await shop.goto('/user/bookings')
  const number = await bookThroughApi(shop, request)
  const uploaded = await request.post(`/api/bookings/${number}/documents/commercial_invoice`, {
    headers: {
      Authorization: `Bearer ${session.token}`,
      'Content-Type': 'application/pdf',
      'X-File-Name': 'invoice.pdf',
    },
    data: pdf('first').buffer,
  })
  expect(uploaded.status()).toBe(201)
  await shop.goto(`/user/bookings/${number}`)
  await expect(shop.getByText('Issued once the booking is confirmed')).toBeVisible()

  // Operations find it waiting for confirmation, and confirm it with vessel, voyage and cut-offs.
  const desk = await pageIn(browser)
  await handStaffSession(desk, operations)
  await desk.goto('/staff/bookings')
  await expect(desk.getByRole('heading', { level: 1, name: 'Operations desk' })).toBeVisible()
  await expect(desk.getByRole('tab', { name: /^Waiting for confirmation \(\d+\)$/ })).toBeVisible()
  await desk.getByLabel(/^Search/).fill(number)
  await desk.getByRole('button', { name: 'Apply filters' }).click()
  await expect(desk).toHaveURL(new RegExp(`q=${number}`))
  const row = desk.getByTestId('ops-row').filter({ hasText: number })
  await expect(row).toBeVisible()
  expect(await axeViolations(desk)).toEqual([])
  await row.getByRole('link', { name: number }).click()
  await expect(desk.getByRole('heading', { level: 1, name: `Booking ${number}` })).toBeVisible()

  const etd = Date.now() + 3 * DAY
  const confirm = desk.getByRole('region', { name: 'Confirm with the carrier' })
  await expect(confirm.getByLabel('Carrier', { exact: true })).not.toHaveValue('')
  await confirm.getByLabel('Carrier booking reference').fill('MAEU240011')
  await confirm.getByLabel('Vessel', { exact: true }).fill('MAERSK SELETAR')
  await confirm.getByLabel('Voyage').fill('245W')
  await confirm.getByLabel('ETD at Singapore (GMT+8)').fill(localAt(etd, SINGAPORE))
  await confirm.getByLabel(/^ETA at .*Nhava Sheva.*\(GMT\+5:30\)/).fill(localAt(etd + 9 * DAY, NHAVA_SHEVA))
  await confirm.getByLabel(/^Cargo cut-off/).fill(localAt(etd - DAY, SINGAPORE))
  await confirm.getByLabel(/^Documents cut-off/).fill(localAt(etd - 2 * DAY, SINGAPORE))
  await confirm.getByLabel(/^VGM cut-off/).fill(localAt(etd - DAY - 2 * HOUR, SINGAPORE))
  // A wrong check digit is said as typed.
  const container = confirm.getByLabel(/^Container 1 of \d+$/)
  await container.fill('CSQU3054384')
  await container.blur()
  await expect(confirm.getByText('CSQU3054384: the check digit should be 3.', { exact: false })).toBeVisible()
  await container.fill('CSQU3054383')
  await confirm.getByRole('button', { name: 'Confirm booking' }).click()
  await expect(desk.getByTestId('desk-status')).toHaveText(opsNotices.confirmed)

  // The customer's open page shows the HBL without reloading; the confirmation is mailed once.
  const track = shop.getByRole('link', { name: /^Track ESHBL\d{10}$/ })
  await expect(track).toBeVisible()
  const hbl = ((await track.textContent()) ?? '').trim()
  await expect
    .poll(async () => {
      const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(customer.email)}`, {
        headers: { 'X-Forwarded-For': '127.0.0.1' },
      })
      const { mails } = (await outbox.json()) as { mails: { subject: string }[] }
      return mails.filter((mail) => mail.subject.startsWith(`Booking ${number} confirmed`)).length
    })
    .toBe(1)

  // Gate In, Loaded and Departed, by form; the customer's tracking, open, shows them.
  await shop.goto(`/user/tracking?hbl=${hbl}`)
  const timeline = shop.getByTestId('milestones')
  await expect(timeline).toBeVisible()
  // The confirmation stored its own events (CONF and the planned ones); the three posted come on top.
  const stored = await desk.getByTestId('desk-event').count()
  await postMilestone(desk, 'EQUIPMENT', 'GTIN', localAt(etd - DAY, SINGAPORE))
  await expect(desk.getByTestId('desk-status')).toHaveText('Gate In posted.')
  await postMilestone(desk, 'EQUIPMENT', 'LOAD', localAt(etd - 6 * HOUR, SINGAPORE))
  await expect(desk.getByTestId('desk-status')).toHaveText('Loaded posted.')
  await postMilestone(desk, 'TRANSPORT', 'DEPA', localAt(etd, SINGAPORE))
  await expect(desk.getByTestId('desk-status')).toHaveText('Departed posted.')
  await expect(desk.getByTestId('desk-event')).toHaveCount(stored + 3)
  for (const done of ['Gate In', 'Loaded', 'Departed']) {
    await expect(timeline.getByRole('listitem').filter({ hasText: done }).first()).toHaveAttribute(
      'data-state',
      'done',
    )
  }

  // The invoice is rejected with a reason; the shipment has departed, so operations ask for it again.
  await desk.getByRole('button', { name: 'Preview invoice.pdf' }).click()
  await expect(desk.getByTitle('Preview of invoice.pdf')).toBeVisible()
  await desk.getByRole('button', { name: 'Reject invoice.pdf' }).click()
  const dialog = desk.getByRole('dialog', { name: 'Reject this document?' })
  await dialog.getByLabel('Reason').fill('The invoice is not signed.')
  await dialog.getByRole('button', { name: 'Reject document' }).click()
  await expect(desk.getByTestId('desk-status')).toHaveText(opsNotices.reject)
  const ask = desk.getByRole('region', { name: 'Ask for a document' })
  await ask.getByLabel('Document', { exact: true }).selectOption('commercial_invoice')
  await ask.getByLabel(/^Due date/).fill(new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10))
  await ask.getByLabel(/^Note/).fill('Signed, please.')
  await ask.getByRole('button', { name: 'Ask the customer' }).click()
  await expect(desk.getByTestId('desk-status')).toHaveText(
    'The customer was asked for the commercial invoice.',
  )

  // The customer sees the reason on the booking and uploads again.
  await shop.goto(`/user/bookings/${number}`)
  await expect(shop.getByText('The invoice is not signed.').first()).toBeVisible()
  const chooser = shop.waitForEvent('filechooser')
  await shop.getByRole('button', { name: 'Upload commercial invoice' }).click()
  await (await chooser).setFiles(pdf('signed'))
  await expect(shop.getByTestId('document-status').first()).toHaveText('Uploaded')

  // The new file reaches the open desk; operations accept it.
  const accept = desk.getByRole('button', { name: 'Accept invoice.pdf' })
  await expect(accept).toBeVisible()
  await accept.click()
  await expect(desk.getByTestId('desk-status')).toHaveText(opsNotices.accept)
  await expect(shop.getByTestId('document-status').first()).toHaveText('Accepted')
  expect(await axeViolations(desk)).toEqual([])

  // The audit trail lists each step with the person who took it.
  const admin = await newStaff(request, ['admin'], 'Siew Ling Koh')
  const events = await staffCall(request, admin).get(
    `/api/staff/audit?staffId=${operations.staff.id}&limit=100`,
  )
  expect(events.status()).toBe(200)
  const trail = (await events.json()) as { events: { action: string; actor: { label: string } }[] }
  const byOperations = trail.events.filter((event) => event.actor.label === operations.staff.email)
  const actions = byOperations.map((event) => event.action)
  for (const action of [
    'booking.confirmed',
    'booking.events_applied',
    'document.reviewed',
    'document.requested',
  ])
    expect(actions).toContain(action)
})

test('the confirm form on its grid at 1366 and 1024 px from the quoted plan, the queue card at 390 px, and a booking confirmed and a milestone posted with the keyboard alone at 320 px', async ({
  browser,
  request,
}) => {
  const operations = await newStaff(request, ['operations'], 'Arjun Menon')
  const customer = await createCustomer(request, 'opskeys')
  const session = await apiSession(request, customer)
  const shop = await pageIn(browser)
  await handSession(shop, session)
  await shop.goto('/user/bookings')
  const number = await bookThroughApi(shop, request)

  // At 1366 and 1024 px the confirm form is on its grid, starting from the quoted plan.
  const desk = await pageIn(browser, 1366)
  await handStaffSession(desk, operations)
  await desk.goto(`/staff/bookings/${number}`)
  const confirm = desk.getByRole('region', { name: 'Confirm with the carrier' })
  await expect(confirm.getByTestId('quoted-plan')).toContainText('what the customer was quoted: ETD')
  const etdField = confirm.getByLabel(/^ETD at Singapore/)
  await expect(etdField).toHaveValue(/^\d{4}-\d{2}-\d{2}T12:00$/)
  await expect(confirm.getByLabel(/^Cargo cut-off/)).toHaveValue(/T12:00$/)
  for (const width of [1366, 1024]) {
    await desk.setViewportSize({ width, height: 800 })
    await expectOnItsGrid(desk)
  }

  // At 390 px the queue's card keeps each label in its column and each value in the other.
  await desk.setViewportSize({ width: 390, height: 800 })
  await desk.goto(`/staff/bookings?q=${number}`)
  const card = desk.getByTestId('ops-row').filter({ hasText: number })
  await expect(card.getByTestId('ops-cutoff')).toContainText(/cut-off \d{1,2} \w{3} \d{4} \(planned\)/)
  await expectValuesBesideLabels(card)

  // At 320 px the form is one field above the other, nothing wider than the screen.
  await desk.setViewportSize({ width: 320, height: 800 })
  await desk.goto(`/staff/bookings/${number}`)
  await expect(confirm).toBeVisible()
  const [etdBox, etaBox] = await Promise.all([
    etdField.boundingBox(),
    confirm.getByLabel(/^ETA at /).boundingBox(),
  ])
  expect(etaBox?.y ?? 0).toBeGreaterThan((etdBox?.y ?? 0) + (etdBox?.height ?? 0))
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)

  // The planned ETD's day, at the carrier's hour.
  const plannedDay = (await etdField.inputValue()).slice(0, 10)
  const etd = Date.parse(`${plannedDay}T18:00:00+08:00`)
  /** Moves the focus with Tab to the field named `name`, then types (`text`, or what `typing` does). */
  async function tabTo(name: string | RegExp, text: string | (() => Promise<void>)) {
    const field = confirm.getByLabel(name)
    for (let i = 0; i < 40; i += 1) {
      if (await field.evaluate((element) => element === document.activeElement)) break
      await desk.keyboard.press('Tab')
    }
    await expect(field).toBeFocused()
    if (typeof text === 'string') await desk.keyboard.type(text)
    else await text()
  }
  await confirm.getByLabel('Carrier', { exact: true }).focus()
  await tabTo('Carrier booking reference', 'ONEY7788990')
  await tabTo('Vessel', 'ONE HARMONY')
  await tabTo('Voyage', '077W')
  const typeLocal = (name: RegExp, ms: number, offset: number) =>
    tabTo(name, () => typeDateTime(desk, localAt(ms, offset)))
  await typeLocal(/^ETD at Singapore/, etd, SINGAPORE)
  await typeLocal(/^ETA at .*Nhava Sheva/, etd + 9 * DAY, NHAVA_SHEVA)
  await expect(confirm.getByLabel(/^ETD at Singapore/)).toHaveValue(localAt(etd, SINGAPORE))
  await confirm.getByRole('button', { name: 'Confirm booking' }).focus()
  await expect(confirm.getByRole('button', { name: 'Confirm booking' })).toBeFocused()
  await desk.keyboard.press('Enter')
  await expect(desk.getByTestId('desk-status')).toHaveText(opsNotices.confirmed)

  const form = desk.getByRole('region', { name: 'Post a milestone' })
  await expect(form).toBeVisible()
  await form.getByLabel('Event type').focus()
  await desk.keyboard.press('Tab') // the event: Gate In is the first equipment event
  await expect(form.getByLabel('Event', { exact: true })).toBeFocused()
  await expect(form.getByLabel('Event', { exact: true })).toHaveValue('GTIN')
  // The place is a type-ahead on the staff location search, starting at the origin.
  const place = form.getByRole('combobox', { name: 'Place' })
  await place.focus()
  await expect(place).toHaveValue('Singapore, Singapore (SGSIN)')
  // Another place, by the keyboard: typed, then chosen with the arrow key and Enter; its zone names the time.
  await desk.keyboard.press('ControlOrMeta+A')
  await desk.keyboard.type('nhava')
  await expect(desk.getByRole('option', { name: /INNSA/ }).first()).toBeVisible()
  await desk.keyboard.press('ArrowDown')
  await desk.keyboard.press('Enter')
  await expect(place).toHaveValue(/\(INNSA\)$/)
  await expect(form.getByLabel(/^Time at .*Nhava Sheva.*\(GMT\+5:30\)/)).toBeVisible()
  // Emptied, the field offers the route's places, origin first: back to Singapore.
  await desk.keyboard.press('ControlOrMeta+A')
  await desk.keyboard.press('Backspace')
  await expect(desk.getByRole('option').first()).toContainText('SGSIN')
  await desk.keyboard.press('ArrowDown')
  await desk.keyboard.press('Enter')
  await expect(place).toHaveValue('Singapore, Singapore (SGSIN)')
  await desk.keyboard.press('Tab')
  await expect(form.getByLabel(/^Time at Singapore \(GMT\+8\)/)).toBeFocused()
  await typeDateTime(desk, localAt(etd - DAY, SINGAPORE))
  await expect(form.getByLabel(/^Time at Singapore/)).toHaveValue(localAt(etd - DAY, SINGAPORE))
  await form.getByRole('button', { name: 'Post milestone' }).focus()
  await desk.keyboard.press('Enter')
  await expect(desk.getByTestId('desk-status')).toHaveText('Gate In posted.')
  // Events are listed by their time, newest first: the planned arrival stays on top, Gate In is listed.
  await expect(desk.getByTestId('desk-event').filter({ hasText: 'Gate In (ACT)' })).toHaveCount(1)
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect(await axeViolations(desk)).toEqual([])
})
