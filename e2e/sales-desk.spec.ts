import type { Page } from '@playwright/test'
import type { StaffSignedIn } from '../contract/staff'
import { axeViolations } from './axe'
import { apiSession, createCustomer, expect, test } from './fixtures'
import { handStaffSession, newStaff } from './staff-fixtures'

/**
 * The console's sales desk (issue 22): a customer asks for a quote on a lane without an instant rate; a sales
 * person sees it in /staff/quotes as Requested with its service level, takes it, opens it, builds an offer from
 * the charge catalogue, previews it as the customer will see it and sends it; the customer's quote is then
 * Active. Both pages pass axe on a desktop and at 390 px, where nothing scrolls sideways.
 *
 * The sales person is one of this spec's own (added with the deployer's key and enrolled through the API,
 * e2e/staff-fixtures.ts), signed in once for the file: an authenticator's code works once per 30 s per person,
 * so the shared demo sales person is left alone.
 */
test.describe
  .serial('the sales desk', () => {
    let sales: StaffSignedIn
    let customerToken: string
    let number: string
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

    const noSidewaysScroll = async (page: Page) =>
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)

    /**
     * The queue's words that a line break cuts ("Request/ed"): on a desktop, a word of a column head or a cell
     * drawn on more than one line; on cards, a cell's label (its `data-label`) wider than the label's column.
     */
    const brokenWords = (page: Page) =>
      page.evaluate(() => {
        const broken: string[] = []
        const table = document.querySelector('main table') as HTMLTableElement
        const texts = document.createTreeWalker(table, NodeFilter.SHOW_TEXT)
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue
          for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange()
            range.setStart(node, match.index)
            range.setEnd(node, match.index + match[0].length)
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
            if (lines.size > 1) broken.push(match[0])
          }
        }
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
        for (const cell of table.querySelectorAll<HTMLElement>('tbody td[data-label]')) {
          const style = getComputedStyle(cell)
          if (style.display !== 'grid') continue
          context.font = getComputedStyle(cell, '::before').font
          const room = Number.parseFloat(style.gridTemplateColumns.split(' ')[0] ?? '0')
          for (const word of (cell.dataset.label ?? '').split(' '))
            if (context.measureText(word).width > room) broken.push(word)
        }
        return broken
      })

    /** The offer's fields whose text does not fit: a name cut or scrolled, a list's choice wider than its box. */
    const clippedFields = (page: Page) =>
      page.evaluate(() => {
        const clipped: string[] = []
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
        for (const line of document.querySelectorAll('[data-testid="charge-line"]')) {
          for (const area of line.querySelectorAll('textarea')) {
            if (area.scrollHeight > area.clientHeight + 1 || area.scrollWidth > area.clientWidth + 1)
              clipped.push(area.value)
          }
          for (const select of line.querySelectorAll('select')) {
            const style = getComputedStyle(select)
            context.font = style.font
            const text = select.selectedOptions[0]?.text ?? ''
            // The box's text room: its width less its padding and the arrow (about 1.5em).
            const room =
              select.clientWidth -
              Number.parseFloat(style.paddingLeft) -
              Number.parseFloat(style.paddingRight) -
              1.5 * Number.parseFloat(style.fontSize)
            if (context.measureText(text).width > room) clipped.push(text)
          }
        }
        return clipped
      })

    test('a new request is listed as Requested with its service level, and the sales person takes it', async ({
      page,
      request,
    }) => {
      const customer = await createCustomer(request, 'sales-desk')
      customerToken = (await apiSession(request, customer)).token
      const asked = await request.post('/api/quote-requests', {
        headers: { Authorization: `Bearer ${customerToken}` },
        data: {
          request: {
            mode: 'FCL',
            origin: 'SGSIN',
            destination: 'BRSSZ',
            readyDate: day(3),
            commodity: 'Machine parts',
            containers: [{ type: '40HC', count: 1 }],
            cargoValue: 4_500_000,
          },
          notes: 'Two boxes a month from January.',
        },
      })
      expect(asked.status()).toBe(201)
      number = ((await asked.json()) as { quote: { number: string } }).quote.number

      sales = await newStaff(request, ['sales'], 'Priya Nair')
      await handStaffSession(page, sales)
      await page.goto('/staff/quotes')
      await expect(page.getByRole('heading', { level: 1, name: 'Sales desk' })).toBeVisible()
      await expect(page.getByRole('tab', { name: 'Open requests' })).toHaveAttribute('aria-selected', 'true')
      const row = page.getByTestId('request-row').filter({ hasText: number })
      await expect(row).toContainText('Singapore (SGSIN) to Santos (BRSSZ)')
      await expect(row).toContainText('FCL')
      await expect(row.getByTestId('request-state')).toHaveText('Requested')
      await expect(row.getByTestId('service-level')).toHaveText(
        /^. (On time|Due soon|Overdue) · due .+ \(GMT\+8\)$/,
      )
      await expect(row).toContainText('Nobody yet')

      await row.getByRole('button', { name: `Assign to me: ${number}` }).click()
      await expect(page.getByRole('main').getByRole('status').first()).toHaveText('Assigned.')
      await expect(row.getByTestId('request-state')).toHaveText('In progress')
      await expect(row).toContainText('Priya Nair (you)')
      await expect(row.getByRole('button', { name: /Assign/ })).toHaveCount(0)
    })

    test('the sales person builds an offer from the catalogue, previews it and sends it', async ({
      page,
      request,
    }) => {
      await handStaffSession(page, sales)
      await page.goto('/staff/quotes')
      await page.getByRole('link', { name: number }).click()
      await expect(page.getByRole('heading', { level: 1, name: `Quote request ${number}` })).toBeVisible()
      const facts = page.getByRole('region', { name: 'The request' })
      await expect(facts).toContainText('1 × 40HC')
      await expect(facts).toContainText('Machine parts')
      await expect(facts).toContainText('USD 45,000.00')
      await expect(facts).toContainText('Two boxes a month from January.')

      const form = page.getByRole('region', { name: 'The offer' })
      // Nothing is previewed from an incomplete offer: its fields say why.
      await form.getByRole('button', { name: 'Preview' }).click()
      await expect(form.getByText('Name the carrier or airline.')).toBeVisible()
      await expect(form.getByText('Add at least one charge line.')).toBeVisible()

      await form.getByLabel('Carrier or airline').fill('MSC')
      await form.getByLabel('Transit days').fill('32')
      await form.getByLabel('Valid until').fill(day(14))
      await form.getByLabel('Charge from the catalogue').selectOption('BAS')
      await form.getByRole('button', { name: 'Add line' }).click()
      const freight = form.getByRole('group', { name: /^Line 1: BAS/ })
      await expect(freight.getByLabel('Container type')).toHaveValue('40HC')
      await freight.getByLabel('Amount (USD)').fill('2100.00')
      await form.getByLabel('Charge from the catalogue').selectOption('OTHC')
      await form.getByRole('button', { name: 'Add line' }).click()
      const handling = form.getByRole('group', { name: /^Line 2: OTHC/ })
      await handling.getByLabel('Amount (USD)').fill('180')

      const send = form.getByRole('button', { name: 'Send offer' })
      await expect(send).toBeDisabled()
      await form.getByRole('button', { name: 'Preview' }).click()
      const preview = page.getByRole('region', { name: 'Preview: what the customer sees' })
      await expect(preview.getByTestId('quote-total')).toContainText('Total USD 2,280.00')
      await expect(preview).toContainText('Ocean freight')
      await expect(preview).toContainText('Origin terminal handling')
      await expect(send).toBeEnabled()

      // A changed value needs a new preview.
      await form.getByLabel('Transit days').fill('33')
      await expect(send).toBeDisabled()
      await form.getByLabel('Transit days').fill('32')
      await expect(send).toBeEnabled()

      await send.click()
      await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
        'Offer sent to the customer.',
      )
      await expect(page.getByRole('region', { name: 'The request' }).getByTestId('request-state')).toHaveText(
        'Offer sent',
      )
      await expect(page.getByTestId('offer-version').first()).toContainText('Version 1 (current)')
      // What was typed stays, for a revision.
      await expect(
        page.getByRole('region', { name: 'A revised offer' }).getByLabel('Carrier or airline'),
      ).toHaveValue('MSC')

      const quote = await request.get(`/api/quotes/${number}`, {
        headers: { Authorization: `Bearer ${customerToken}` },
      })
      expect(quote.status()).toBe(200)
      const body = (await quote.json()) as { quote: { status: string; salesDesk: { state: string } | null } }
      expect(body.quote.status).toBe('Active')
      expect(body.quote.salesDesk?.state).toBe('Offer sent')

      await page.getByRole('link', { name: 'Sales desk' }).first().click()
      await page.getByRole('tab', { name: 'Answered' }).click()
      await expect(
        page.getByTestId('request-row').filter({ hasText: number }).getByTestId('request-state'),
      ).toHaveText('Offer sent')
    })

    for (const width of [1366, 390]) {
      test(`both pages pass axe at ${width} px without sideways scrolling`, async ({ page, request }) => {
        // An open request of its own, so the queue has a row whatever ran before.
        const another = await request.post('/api/quote-requests', {
          headers: { Authorization: `Bearer ${customerToken}` },
          data: {
            request: {
              mode: 'LCL',
              origin: 'SGSIN',
              destination: 'BRSSZ',
              readyDate: day(4),
              commodity: 'Spare parts',
              cargo: {
                kind: 'packages',
                packages: [{ count: 2, lengthCm: 120, widthCm: 100, heightCm: 90, weightKg: 300 }],
              },
              cargoValue: 0,
            },
          },
        })
        expect(another.status(), await another.text()).toBe(201)
        await page.setViewportSize({ width, height: 900 })
        await handStaffSession(page, sales)
        await page.goto('/staff/quotes')
        await expect(page.getByTestId('request-row').first()).toBeVisible()
        expect(await axeViolations(page)).toEqual([])
        await noSidewaysScroll(page)
        expect(await brokenWords(page)).toEqual([])
        await page.getByRole('tab', { name: 'Follow-ups' }).click()
        await expect(page.getByRole('tabpanel')).not.toContainText('Loading…')
        expect(await axeViolations(page)).toEqual([])
        await noSidewaysScroll(page)

        await page.goto(`/staff/quotes/${number}`)
        const form = page.getByRole('region', { name: 'A revised offer' })
        await form.getByLabel('Charge from the catalogue').selectOption('DOC')
        await form.getByRole('button', { name: 'Add line' }).click()
        const doc = form.getByRole('group', { name: /^Line 1: DOC/ })
        await expect(doc).toBeVisible()
        // The longest names and words of the catalogue and the lists fit or wrap; amounts start empty.
        await form.getByLabel('Charge from the catalogue').selectOption('ENS')
        await form.getByRole('button', { name: 'Add line' }).click()
        await expect(form.getByRole('group', { name: /^Line 2: ENS/ })).toBeVisible()
        await doc.getByLabel('Basis').selectOption({ label: 'per W/M (revenue tonne)' })
        await expect(doc.getByLabel('Category')).toHaveValue('origin')
        await expect(doc.getByLabel('Category').locator('option:checked')).toHaveText('Origin')
        const amount = doc.getByLabel('Amount (USD)')
        await expect(amount).toHaveValue('')
        await expect(amount).not.toHaveAttribute('placeholder')
        expect(await clippedFields(page)).toEqual([])
        expect(await axeViolations(page)).toEqual([])
        await noSidewaysScroll(page)
      })
    }
  })
