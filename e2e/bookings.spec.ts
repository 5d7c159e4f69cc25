import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { bookingMessages, documentMessages, trackingMessages } from '../contract/bookings'
import { containersOf, type PriceResponse, type QuoteDetail } from '../contract/quotes'
import { axeViolations } from './axe'
import { createCustomer, expect, logIn, OPS_API_KEY, quoteThroughApi, test } from './fixtures'

/**
 * My Bookings, the booking page (documents, uploads, cancel) and HBL tracking against the real server. Each
 * test makes its own customer, logs in through the page, then quotes and confirms through the API with the
 * page's own token (one session per account), as e2e/quote.spec.ts's journey would end.
 */

const noServices = {
  exportCustoms: false,
  importCustoms: false,
  insurance: false,
  pickup: null,
  delivery: null,
}

/** An FCL quote Singapore → Nhava Sheva confirmed to a booking through the API; its ESB number. */
async function bookThroughApi(page: Page, request: APIRequestContext): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'))
  expect(token).toBeTruthy()
  const headers = { Authorization: `Bearer ${token}` }
  const quote = await quoteThroughApi(request, token as string)
  const option = quote.options[0] as QuoteDetail['options'][number]
  const priced = await request.post(`/api/quotes/${quote.number}/price`, {
    headers,
    data: { optionId: option.id, services: noServices },
  })
  expect(priced.status()).toBe(200)
  const { price } = (await priced.json()) as PriceResponse
  const confirmed = await request.post(`/api/quotes/${quote.number}/confirm`, {
    headers,
    data: {
      optionId: option.id,
      services: noServices,
      shipper: { name: 'Lion City Exports Pte Ltd', address: '10 Anson Road, #20-01, Singapore 079903' },
      consignee: { name: 'Mumbai Imports Pvt Ltd', address: 'Plot 4, JNPT Road, Navi Mumbai 400707' },
      cargoDescription: 'Teak furniture, 40 cartons',
      containerWeightsKg: containersOf(quote.request).map(() => 18_400),
      acceptTerms: true,
      shownTotalUsd: price.totalUsd,
    },
  })
  expect(confirmed.ok()).toBe(true)
  const { booking } = (await confirmed.json()) as { booking: { number: string } }
  expect(booking.number).toMatch(/^ESB-\d{10}$/)
  return booking.number
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The operations API, as the operations team's tools call it. */
const ops = (request: APIRequestContext, path: string, data: unknown) =>
  request.post(path, { headers: { 'X-API-Key': OPS_API_KEY }, data })

function opsEvent(
  hbl: string,
  eventType: 'EQUIPMENT' | 'TRANSPORT',
  code: string,
  at: number,
  location: string,
  classifier: 'ACT' | 'EST' = 'ACT',
) {
  return {
    eventID: randomUUID(),
    eventType,
    eventClassifierCode: classifier,
    eventDateTime: new Date(at).toISOString(),
    eventCreatedDateTime: new Date().toISOString(),
    [eventType === 'EQUIPMENT' ? 'equipmentEventTypeCode' : 'transportEventTypeCode']: code,
    eventLocation: { UNLocationCode: location },
    documentReferences: [{ documentReferenceType: 'TRD', documentReferenceValue: hbl }],
  }
}

/** A small real PDF of about `kb` KB (a comment pads it). */
function pdf(kb: number) {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n'
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n'
  const padding = 'x'.repeat(Math.max(0, kb * 1024 - head.length - tail.length - 1))
  return Buffer.from(`${head}%${padding}${tail}`)
}

const documentItem = (page: Page, name: string) =>
  page
    .getByTestId('document-item')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) })

async function chooseFile(
  page: Page,
  item: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser')
  await documentItem(page, item)
    .getByRole('button', { name: `Upload ${item.toLowerCase()}` })
    .click()
  await (await chooser).setFiles(file)
}

test.describe('bookings', () => {
  test('a new customer sees the empty state with a way to a new quote', async ({ page, request }) => {
    await logIn(page, await createCustomer(request, 'nobooking'))
    await page.goto('/user/bookings')
    await expect(page.getByTestId('bookings-empty')).toContainText('You have no bookings yet')
    await page.getByRole('link', { name: 'New quote' }).click()
    await expect(page).toHaveURL('/user/home')
  })

  test.describe('with a booking', () => {
    let number = ''
    test.beforeEach(async ({ page, request }) => {
      await logIn(page, await createCustomer(request, 'booking'))
      number = await bookThroughApi(page, request)
    })

    test('My Bookings lists it, filters and searches through the address, and opens it', async ({ page }) => {
      await page.goto('/user/bookings')
      const row = page.getByTestId('booking-row').filter({ hasText: number })
      await expect(row).toContainText('Singapore (SGSIN) → Jawaharlal Nehru (Nhava Sheva) (INNSA)')
      await expect(row).toContainText('FCL')
      await expect(row.getByTestId('booking-status')).toHaveText('Booking Received')
      await expect(row.getByTestId('documents-outstanding')).toHaveText(/^\d+$/)
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole('button', { name: /Status$/ }).click()
      await page.getByRole('option', { name: 'Cancelled' }).click()
      await expect(page).toHaveURL(/status=Cancelled/)
      await expect(page.getByTestId('bookings-empty')).toContainText('No bookings match these filters.')
      await page.getByRole('button', { name: /Status$/ }).click()
      await page.getByRole('option', { name: 'All' }).click()
      await page.getByLabel('Search').fill(number)
      await expect(page).toHaveURL(new RegExp(`q=${number}`))
      await expect(page.getByTestId('booking-row')).toHaveCount(1)
      await page.reload()
      await expect(page.getByLabel('Search')).toHaveValue(number)
      await expect(page.getByTestId('booking-row')).toHaveCount(1)

      await page.getByRole('link', { name: number }).click()
      await expect(page).toHaveURL(`/user/bookings/${number}`)
      await expect(page.getByTestId('page-title')).toHaveText(number)
      await expect(
        page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Bookings' }),
      ).toHaveAttribute('data-status', 'active')
    })

    test('the booking page shows the booking in full and passes axe', async ({ page }) => {
      await page.goto(`/user/bookings/${number}`)
      await expect(page.getByRole('heading', { name: `Booking ${number}`, level: 1 })).toBeVisible()
      await expect(page.getByTestId('booking-status').first()).toHaveText('Booking Received')
      await expect(page.getByRole('list', { name: 'Booking progress' })).toBeVisible()
      await expect(page.getByText('Lion City Exports Pte Ltd')).toBeVisible()
      await expect(page.getByText('Teak furniture, 40 cartons')).toBeVisible()
      await expect(page.getByTestId('booking-total')).toContainText(/USD [\d,]+\.\d\d/)
      await expect(page.getByTestId('document-item').first()).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })

    test('a PDF uploads with progress, then too large and disguised files are refused', async ({
      page,
      context,
    }) => {
      await page.goto(`/user/bookings/${number}`)
      const invoice = documentItem(page, 'Commercial invoice')
      await expect(invoice).toBeVisible()

      // A slow uplink, so the progress is there to see.
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 1024 * 1024,
        uploadThroughput: 100 * 1024,
      })
      await chooseFile(page, 'Commercial invoice', {
        name: 'invoice.pdf',
        mimeType: 'application/pdf',
        buffer: pdf(300),
      })
      const bar = invoice.getByRole('progressbar', { name: 'Uploading invoice.pdf' })
      await expect(bar).toBeVisible()
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
      await expect(invoice.getByRole('status')).toContainText('invoice.pdf: Uploaded', { timeout: 20_000 })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      })
      await expect(invoice.getByTestId('document-status').first()).toHaveText('Uploaded')
      await expect(invoice.getByRole('button', { name: 'Download invoice.pdf' })).toBeVisible()
      const download = page.waitForEvent('download')
      await invoice.getByRole('button', { name: 'Download invoice.pdf' }).click()
      expect((await download).suggestedFilename()).toBe('invoice.pdf')

      let sent = 0
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/documents/')) sent += 1
      })
      await chooseFile(page, 'Packing list', {
        name: 'scan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(12 * 1024 * 1024, 0x25),
      })
      await expect(documentItem(page, 'Packing list').getByRole('alert')).toContainText(
        `scan.pdf: ${documentMessages.tooLarge}`,
      )
      expect(sent).toBe(0)

      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00'), Buffer.alloc(2048, 0)])
      await chooseFile(page, 'Packing list', {
        name: 'packing-list.pdf',
        mimeType: 'application/pdf',
        buffer: exe,
      })
      await expect(documentItem(page, 'Packing list').getByRole('alert').last()).toContainText(
        `packing-list.pdf: ${documentMessages.badType}`,
      )
      expect(sent).toBe(1)
    })

    test('Cancel asks first, then the booking is cancelled', async ({ page }) => {
      await page.goto(`/user/bookings/${number}`)
      await page.getByRole('button', { name: 'Cancel booking' }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' })
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Keep booking' }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('booking-status').first()).toHaveText('Booking Received')
      await page.getByRole('button', { name: 'Cancel booking' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel booking' }).click()
      await expect(page.getByRole('status').filter({ hasText: bookingMessages.cancelled })).toBeVisible()
      await expect(page.getByTestId('booking-status').first()).toHaveText('Cancelled')
      await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0)
    })
  })

  test('another number is Booking not found, with a way back', async ({ page, request }) => {
    await logIn(page, await createCustomer(request, 'notfound'))
    await page.goto('/user/bookings/ESB-2026999999')
    await expect(page.getByRole('alert')).toHaveText(bookingMessages.notFound)
    await page.getByRole('link', { name: 'Back to My Bookings' }).click()
    await expect(page).toHaveURL('/user/bookings')
  })
})

test.describe('HBL tracking', () => {
  test('checks the number, says when there is no such shipment, keeps it in the address, and passes axe', async ({
    page,
    request,
  }) => {
    await logIn(page, await createCustomer(request, 'tracking'))
    await page.goto('/user/tracking')
    await expect(page.getByRole('heading', { name: 'HBL Tracking', level: 1 })).toBeVisible()
    const field = page.getByLabel('HBL number')
    await field.fill('ESB-2026000001')
    await field.press('Enter')
    await expect(page.getByText(trackingMessages.badNumber)).toBeVisible()
    await field.fill('ESHBL2099999999')
    await page.getByRole('button', { name: 'Track', exact: true }).click()
    await expect(page).toHaveURL('/user/tracking?hbl=ESHBL2099999999')
    await expect(page.getByRole('alert')).toHaveText(trackingMessages.notFound)
    expect(await axeViolations(page)).toEqual([])
    await page.reload()
    await expect(page.getByRole('alert')).toHaveText(trackingMessages.notFound)
    await expect(page.getByLabel('HBL number')).toHaveValue('ESHBL2099999999')
  })

  test('operations confirm and post Gate In, Loaded, Departed: tracking shows the timeline, the map and the ETA; an ETA 48 h later mails once', async ({
    page,
    request,
  }) => {
    const customer = await createCustomer(request, 'tracking-ops')
    await logIn(page, customer)
    const number = await bookThroughApi(page, request)
    const etd = new Date(Date.now() + 2 * DAY)
    const eta = new Date(etd.getTime() + 9 * DAY)
    const confirmed = await ops(request, `/api/ops/bookings/${number}/confirm`, {
      etd: etd.toISOString(),
      eta: eta.toISOString(),
      vesselName: 'MAERSK SELETAR',
      voyage: '523W',
    })
    expect(confirmed.status()).toBe(200)
    const { hbl } = (await confirmed.json()) as { hbl: string }
    const posted = await ops(request, '/api/ops/events', {
      events: [
        opsEvent(hbl, 'EQUIPMENT', 'GTIN', etd.getTime() - DAY, 'SGSIN'),
        opsEvent(hbl, 'EQUIPMENT', 'LOAD', etd.getTime() - 6 * HOUR, 'SGSIN'),
        opsEvent(hbl, 'TRANSPORT', 'DEPA', etd.getTime(), 'SGSIN'),
      ],
    })
    expect(posted.status()).toBe(200)

    // HBL Tracking opens with the company's shipments to pick from; the booking page links to it too.
    await page.goto('/user/tracking')
    const shipment = page.getByTestId('trackable-shipment').filter({ hasText: hbl })
    await expect(shipment).toContainText('Departed')
    await expect(shipment).toContainText(number)
    expect(await axeViolations(page)).toEqual([])
    await shipment.getByRole('link', { name: `Track ${hbl}` }).click()
    await expect(page).toHaveURL(`/user/tracking?hbl=${hbl}`)
    await page.goto(`/user/bookings/${number}`)
    await expect(page.getByTestId('booking-status').first()).toHaveText('Departed')
    await page.getByRole('link', { name: `Track ${hbl}` }).click()
    await expect(page).toHaveURL(`/user/tracking?hbl=${hbl}`)
    const timeline = page.getByTestId('milestones')
    for (const done of ['Gate In', 'Loaded', 'Departed']) {
      await expect(timeline.getByRole('listitem').filter({ hasText: done }).first()).toHaveAttribute(
        'data-state',
        /done|current/,
      )
    }
    await expect(page.getByRole('img', { name: new RegExp(`Route map of ${hbl}`) })).toBeVisible()
    await expect(page.getByTestId('eta-moved')).toHaveText('On schedule')
    expect(await axeViolations(page)).toEqual([])

    // The carrier moves the arrival 48 hours: the page says so, and the customer is mailed once.
    const later = opsEvent(hbl, 'TRANSPORT', 'ARRI', eta.getTime() + 48 * HOUR, 'INNSA', 'EST')
    expect((await ops(request, '/api/ops/events', { events: [later] })).status()).toBe(200)
    expect((await ops(request, '/api/ops/events', { events: [later] })).status()).toBe(200)
    await page.reload()
    await expect(page.getByTestId('eta-moved')).toHaveText('+48 h later than planned')
    const mails = (await (
      await request.get(`/api/dev/outbox?to=${encodeURIComponent(customer.email)}`)
    ).json()) as {
      mails: { subject: string }[]
    }
    expect(mails.mails.filter((m) => m.subject === `New arrival time for shipment ${hbl}`)).toHaveLength(1)

    await page.getByRole('link', { name: number }).click()
    await expect(page).toHaveURL(`/user/bookings/${number}`)
  })
})

test('milestone mails switched off in My Profile: confirming and departing mail nothing', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'milestones-off')
  await logIn(page, customer)
  await page.goto('/user/profile')
  const milestones = page.getByRole('switch', { name: 'Shipment milestones' })
  await expect(milestones).toBeChecked()
  await milestones.focus()
  await page.keyboard.press('Space')
  await expect(
    page.getByRole('status').filter({ hasText: 'Your notification settings have been saved.' }),
  ).toBeVisible()
  const number = await bookThroughApi(page, request)
  const confirmed = await ops(request, `/api/ops/bookings/${number}/confirm`, {})
  expect(confirmed.status()).toBe(200)
  const { hbl } = (await confirmed.json()) as { hbl: string }
  const now = Date.now()
  const posted = await ops(request, '/api/ops/events', {
    events: [
      opsEvent(hbl, 'EQUIPMENT', 'GTIN', now - 2 * HOUR, 'SGSIN'),
      opsEvent(hbl, 'TRANSPORT', 'DEPA', now - HOUR, 'SGSIN'),
    ],
  })
  expect(posted.status()).toBe(200)
  // Mails are written with their cause: what the outbox holds now is all there will be.
  const { mails } = (await (
    await request.get(`/api/dev/outbox?to=${encodeURIComponent(customer.email)}`)
  ).json()) as {
    mails: { subject: string }[]
  }
  const subjects = mails.map((m) => m.subject)
  expect(subjects.some((s) => s.startsWith(`Booking ${number} received`))).toBe(true)
  expect(subjects.filter((s) => s.includes('confirmed') || s.includes('departed'))).toEqual([])
})

test('public pages never load the logged-in screens of bookings and tracking', async ({ page }) => {
  // Five pages, each given 3.5 s to settle: 22 s on an idle machine, past the 30 s default under CI's load.
  test.setTimeout(60_000)
  const bodies: Promise<string>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''))
  })
  for (const path of ['/home', '/services/ocean-freight', '/info/incoterms', '/login', '/register']) {
    await page.goto(path)
    // Past the first interaction and the idle creation of the session's actors.
    await page.mouse.move(10, 10)
    await page.waitForTimeout(3_500)
  }
  const scripts = await Promise.all(bodies)
  expect(scripts.length).toBeGreaterThan(0)
  for (const marker of [
    'Documents outstanding',
    'route-map-title',
    'Cancel this booking?',
    'Upload a PDF, JPEG',
  ]) {
    expect(scripts.filter((body) => body.includes(marker))).toEqual([])
  }
})

test.describe('times', () => {
  // The reader's browser is in New York: no time on these pages may follow it (docs/customer-area.md, "Times").
  test.use({ timezoneId: 'America/New_York' })

  test('port events show the place’s local time, named; the account’s own actions Singapore time', async ({
    page,
    request,
  }) => {
    const customer = await createCustomer(request, 'times')
    await logIn(page, customer)
    const number = await bookThroughApi(page, request)
    // Two years ahead, so the year is always written. 10:00 UTC is 18:00 in Singapore (05:00 in New York);
    // 04:00 UTC is 09:30 in Nhava Sheva (23:00 the day before in New York).
    const year = new Date().getUTCFullYear() + 2
    const etd = Date.UTC(year, 0, 15, 10, 0)
    const eta = Date.UTC(year, 0, 24, 4, 0)
    const confirmed = await ops(request, `/api/ops/bookings/${number}/confirm`, {
      etd: new Date(etd).toISOString(),
      eta: new Date(eta).toISOString(),
      vesselName: 'MAERSK SELETAR',
      voyage: '523W',
    })
    expect(confirmed.status()).toBe(200)
    const { hbl } = (await confirmed.json()) as { hbl: string }
    const gateIn = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR
    const posted = await ops(request, '/api/ops/events', {
      events: [opsEvent(hbl, 'EQUIPMENT', 'GTIN', gateIn, 'SGSIN')],
    })
    expect(posted.status()).toBe(200)
    const departs = `15 Jan ${year}, 18:00 at Singapore (GMT+8)`
    const arrives = `24 Jan ${year}, 09:30 at Jawaharlal Nehru (Nhava Sheva) (GMT+5:30)`

    await page.goto('/user/bookings')
    const row = page.getByTestId('booking-row').filter({ hasText: number })
    // The row's Lane names both places; each time is its place's own.
    await expect(row.locator('[data-label="ETD"]')).toHaveText(`15 Jan ${year}, 18:00 (GMT+8)`)
    await expect(row.locator('[data-label="ETA"]')).toHaveText(`24 Jan ${year}, 09:30 (GMT+5:30)`)

    await page.goto(`/user/bookings/${number}`)
    // The route's legs: the first leaves Singapore, the last reaches Nhava Sheva (a transshipment between).
    await expect(page.getByText(`ETD ${departs}`)).toBeVisible()
    await expect(page.getByText(`ETA ${arrives}`)).toBeVisible()
    // Booked: an action of the account, in Singapore time whatever the browser's zone.
    const token = await page.evaluate(() => window.localStorage.getItem('authToken'))
    const detail = (await (
      await request.get(`/api/bookings/${number}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { createdAt: string }
    const booked = new Date(Date.parse(detail.createdAt) + 8 * HOUR)
    const hhmm = `${String(booked.getUTCHours()).padStart(2, '0')}:${String(booked.getUTCMinutes()).padStart(2, '0')}`
    await expect(
      page.getByText('Booked', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(new RegExp(`^${booked.getUTCDate()} [A-Z][a-z]{2}( \\d{4})?, ${hhmm} SGT$`))

    await page.goto(`/user/tracking?hbl=${hbl}`)
    // The heading names the place; the time gives its offset.
    await expect(page.getByText('Current ETA at Jawaharlal Nehru (Nhava Sheva)')).toBeVisible()
    await expect(page.getByTestId('eta')).toHaveText(`24 Jan ${year}, 09:30 (GMT+5:30)`)
    await page.goto('/user/tracking')
    await expect(page.getByTestId('trackable-shipment').filter({ hasText: hbl })).toContainText(
      `ETA ${arrives}`,
    )

    await page.goto('/user/home')
    await expect(page.getByTestId('transit-item').filter({ hasText: number })).toContainText(arrives)
    const gatedIn = new Date(gateIn + 8 * HOUR)
    await expect(
      page
        .getByTestId('activity-item')
        .filter({ hasText: 'Gate In' })
        .filter({ hasText: number })
        .locator('time'),
    ).toHaveText(
      new RegExp(
        `^${gatedIn.getUTCDate()} [A-Z][a-z]{2}( \\d{4})?, ${String(gatedIn.getUTCHours()).padStart(2, '0')}:00 \\(GMT\\+8\\)$`,
      ),
    )
  })
})
