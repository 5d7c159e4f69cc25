import { expect, type Page, type Route, test } from '@playwright/test'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { messages } from '../contract/messages'
import { contactMachine } from '../machines/contact.machine'
import { describePath, pathsOf } from '../tests/machines/model'

/**
 * The contact chart's own paths, replayed through the page: each event becomes what a user (or the
 * server, through a routed response) does, and each state reached is checked on screen.
 */
const values = {
  mail: 'buyer@lioncity.com',
  name: 'Nur Aisyah',
  company: 'Lion City Exports',
  phone: '61234567',
  source: 'Email',
  mode: 'LCL',
  message: 'Two pallets of machine parts to Jebel Ali.',
}
const events: ({ type: string } & Record<string, unknown>)[] = [
  // The page loads the real list; the chart only needs the country the user picks to be in it.
  {
    type: 'xstate.done.actor.loadCountries',
    output: [
      {
        mcou_rid: 1,
        mcou_name: 'Singapore',
        mcou_code: 'SG',
        mcou_country_dialing_code: '+65',
        eshp_mcpy: 1,
      },
    ],
  },
  ...Object.entries(values).map(([field, value]) => ({ type: 'field.changed', field, value })),
  { type: 'field.changed', field: 'mail', value: 'buyer@lioncity' },
  { type: 'country.chosen', countryId: 1 },
  { type: 'user.submit' },
  { type: 'toast.dismissed' },
  { type: 'dialog.acknowledged' },
  { type: 'xstate.done.actor.sendEnquiry', output: { message: messages.contactAdded } },
  { type: 'xstate.error.actor.sendEnquiry', error: { status: 409, message: messages.contactDuplicate } },
  { type: 'xstate.error.actor.sendEnquiry', error: { status: 500, message: messages.generic } },
]

// One path per distinct screen: the state, how many fields are still invalid, and the toast text.
const paths = pathsOf(contactMachine, {
  events,
  serializeState: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([snapshot.value, Object.keys(snapshot.context.errors).length, snapshot.context.toast]),
  filterEvents: (_snapshot, event) => !event.type.startsWith('notify.'),
})

const labels: Record<string, string> = {
  mail: 'Email',
  name: 'Name',
  company: 'Company',
  phone: 'Phone',
  message: 'Message',
}

async function perform(page: Page, event: EventObject & Record<string, unknown>) {
  const form = page.getByRole('main').getByRole('form', { name: 'Get in Touch' })
  switch (event.type) {
    case 'field.changed': {
      const field = String(event.field)
      if (field === 'source' || field === 'mode') {
        const name = field === 'source' ? /How did you hear about us/ : /Mode/
        await form.getByRole('button', { name }).click()
        await page.getByRole('option', { name: String(event.value), exact: true }).click()
      } else {
        await form
          .getByRole('textbox', { name: labels[field] ?? field, exact: true })
          .fill(String(event.value))
      }
      return
    }
    case 'country.chosen':
      await form.getByRole('button', { name: /^Code/ }).click()
      await page.getByRole('option', { name: /Singapore/ }).click()
      return
    case 'user.submit':
      await form.getByRole('button', { name: /Enquire Now|Sending/ }).click()
      return
    case 'toast.dismissed':
      await page.getByRole('button', { name: 'Dismiss' }).click()
      return
    case 'dialog.acknowledged':
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
      return
  }
}

/** Checks what the path's vertex fixes (state and toast); the typed values are the explicit tests' job. */
async function expectScreen(page: Page, snapshot: AnyMachineSnapshot) {
  const flow = (snapshot.value as { flow: string }).flow
  if (flow === 'failed') await expect(page.getByRole('alertdialog')).toContainText(messages.generic)
  else await expect(page.getByRole('alertdialog')).toHaveCount(0)
  if (flow === 'sending') await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled()
  const toast = snapshot.context.toast as string | null
  if (toast) await expect(page.getByText(toast, { exact: true })).toBeVisible()
  else await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0)
}

for (const [number, path] of paths.entries()) {
  test(`contact page path ${number + 1}: ${describePath(path)}`, async ({ page }) => {
    await page.clock.install()
    const steps = path.steps.filter((step) => step.event.type !== 'xstate.init')
    // A held response keeps the chart in `sending`; the next step, when it is a response, decides it.
    let answer: ((route: Route) => Promise<void>) | undefined
    await page.route('**/api/contact', async (route) => {
      if (answer) await answer(route)
    })
    if (steps[0]?.event.type === 'xstate.error.actor.loadCountries') {
      await page.route('**/api/countries', (route) =>
        route.fulfill({ status: 500, json: { message: 'down' } }),
      )
    }
    await page.goto('/contact-us')
    // Model time passes only on xstate.after steps: stop the page's clock so a toast cannot expire
    // while the test is still choosing options.
    await page.clock.pauseAt(Date.now() + 1000)
    for (const [index, step] of steps.entries()) {
      const event = step.event as EventObject & Record<string, unknown>
      if (event.type === 'xstate.done.actor.loadCountries') {
        await expect(page.getByRole('main').getByRole('form')).toBeVisible()
        continue
      }
      if (event.type === 'xstate.error.actor.loadCountries') {
        await expect(page.getByRole('alertdialog')).toContainText(messages.generic)
        continue
      }
      if (
        event.type.startsWith('xstate.done.actor.sendEnquiry') ||
        event.type.startsWith('xstate.error.actor.')
      ) {
        continue // already answered when the submit was sent
      }
      if (event.type.startsWith('xstate.after.')) {
        await page.clock.fastForward(3000)
      } else {
        if (event.type === 'user.submit') {
          const next = steps[index + 1]?.event as (EventObject & Record<string, unknown>) | undefined
          answer = undefined
          if (next?.type === 'xstate.done.actor.sendEnquiry') {
            answer = (route) => route.fulfill({ json: next.output })
          } else if (next?.type === 'xstate.error.actor.sendEnquiry') {
            const error = next.error as { status: number; message: string }
            answer = (route) => route.fulfill({ status: error.status, json: { message: error.message } })
          }
        }
        await perform(page, event)
      }
      const next = steps[index + 1]
      const answered = next !== undefined && /^xstate\.(done|error)\.actor\.sendEnquiry/.test(next.event.type)
      const output = (next?.event as { output?: { message?: string } } | undefined)?.output
      if (answered && output?.message === messages.contactAdded) {
        await expect(page).toHaveURL('/contact-us/thank-you')
        return
      }
      const shown = answered ? next.state : step.state
      if (shown) await expectScreen(page, shown)
    }
  })
}
