import { bookThroughApi, HOUR, ops, opsEvent } from './bookings-api'
import { createCustomer, expect, logIn, test } from './fixtures'

/**
 * One time convention on every screen (docs/customer-area.md, "Times"): an event at a port or airport in that
 * place's local time, named, with its offset; what the account did in Singapore time. The browser is set to
 * another zone, so nothing reads the reader's own clock.
 */

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
    ).toHaveText(new RegExp(`^${booked.getUTCDate()} [A-Z][a-z]{2}( \\d{4})?, ${hhmm} \\(GMT\\+8\\)$`))

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
