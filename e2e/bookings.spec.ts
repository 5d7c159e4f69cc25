import type { Page } from '@playwright/test'
import { bookingMessages, documentMessages, trackingMessages } from '../contract/bookings'
import { axeViolations } from './axe'
import { bookThroughApi, DAY, HOUR, ops, opsEvent } from './bookings-api'
import { createCustomer, expect, logIn, test } from './fixtures'

/**
 * My Bookings, the booking page (documents, uploads, cancel) and HBL tracking against the real server. Each
 * test makes its own customer, logs in through the page, then quotes and confirms through the API with the
 * page's own token (one session per account), as e2e/quote.spec.ts's journey would end.
 */

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

      await page.getByRole('combobox', { name: /Status$/ }).selectOption('Cancelled')
      await expect(page).toHaveURL(/status=Cancelled/)
      await expect(page.getByTestId('bookings-empty')).toContainText('No bookings match these filters.')
      await page.getByRole('combobox', { name: /Status$/ }).selectOption('All')
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
  const bodies: Promise<string>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''))
  })
  for (const path of ['/home', '/services/ocean-freight', '/info/incoterms', '/login', '/register']) {
    await page.goto(path)
    // A first interaction (a key) creates the session's actors at once; then whatever they load has loaded.
    await page.keyboard.press('Shift')
    await page.waitForLoadState('networkidle')
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
