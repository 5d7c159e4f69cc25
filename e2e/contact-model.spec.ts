import type { Page } from '@playwright/test'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { timings } from '../contract/constants'
import { messages } from '../contract/messages'
import { contactMachine } from '../machines/contact.machine'
import { describePath, pathsOf, withoutPrefixes } from '../tests/machines/model'
import { chooseCountryCode, expect, test } from './fixtures'
import { replayOnPage } from './model-replay'

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
const paths = withoutPrefixes(
  pathsOf(contactMachine, {
    events,
    serializeState: (snapshot: AnyMachineSnapshot) =>
      JSON.stringify([snapshot.value, Object.keys(snapshot.context.errors).length, snapshot.context.toast]),
    // The page's list loads before a person could type; typing during the load is the machine tests' job.
    filterEvents: (snapshot, event) =>
      !event.type.startsWith('notify.') &&
      !(snapshot.matches({ flow: 'loadingCountries' }) && event.type === 'field.changed'),
  }),
  // A path that ends on a request in flight stays: the longer ones have it answered at once.
  (event) => /^xstate\.(done|error)\.actor\.sendEnquiry$/.test(event.type),
)

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
        await expect(form.getByRole('button', { name })).toContainText(String(event.value))
      } else {
        const input = form.getByRole('textbox', { name: labels[field] ?? field, exact: true })
        await input.fill(String(event.value))
        await expect(input).toHaveValue(String(event.value))
      }
      return
    }
    case 'country.chosen':
      await form.getByRole('button', { name: /^Code/ }).click()
      await chooseCountryCode(page)
      await expect(form.getByRole('button', { name: /Code/ })).toContainText('+65')
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
async function expectScreen(
  page: Page,
  snapshot: AnyMachineSnapshot,
  reachedBy: EventObject & Record<string, unknown>,
) {
  if (
    reachedBy.type === 'xstate.done.actor.sendEnquiry' &&
    (reachedBy.output as { message?: string }).message === messages.contactAdded
  ) {
    await expect(page).toHaveURL('/contact-us/thank-you')
    return false
  }
  const flow = (snapshot.value as { flow: string }).flow
  if (flow === 'editing') await expect(page.getByRole('main').getByRole('form')).toBeVisible()
  if (flow === 'failed') await expect(page.getByRole('alertdialog')).toContainText(messages.generic)
  else await expect(page.getByRole('alertdialog')).toHaveCount(0)
  if (flow === 'sending') await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled()
  const toast = snapshot.context.toast as string | null
  if (toast) await expect(page.getByText(toast, { exact: true })).toBeVisible()
  else await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0)
  return true
}

for (const [number, path] of paths.entries()) {
  test(`contact page path ${number + 1}: ${describePath(path)}`, async ({ page }) => {
    await replayOnPage(page, path, {
      url: '/contact-us',
      actor: 'sendEnquiry',
      endpoint: '**/api/contact',
      delays: { toast: timings.toastMs },
      perform,
      expectScreen,
    })
  })
}
