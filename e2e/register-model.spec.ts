import type { Page } from '@playwright/test'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { timings } from '../contract/constants'
import { messages } from '../contract/messages'
import { registerMachine } from '../machines/register.machine'
import { describePath, pathsOf, withoutPrefixes } from '../tests/machines/model'
import { expect, strongPassword, test } from './fixtures'
import { replayOnPage } from './model-replay'

/**
 * The registration chart's own paths, replayed through /register: each event becomes what the user
 * (or the server, through a routed response) does, and each state reached is checked on screen.
 */
const textFields: Record<string, [label: string, value: string]> = {
  esus_name: ['Name', 'Tan Wei Ming'],
  esus_company_name: ['Company Name', 'Lion City Exports'],
  esus_regn_no: ['Company Registration Number', '201912345K'],
  esus_email_id: ['Email (your username)', 'ops@lioncity.example'],
  esus_password: ['Password', strongPassword],
  password_confirmation: ['Confirm Password', strongPassword],
  esus_phone: ['Phone Number', '61234567'],
  esus_address1: ['Address', '10 Anson Road, #20-01'],
}
const singapore = {
  mcou_rid: 1,
  mcou_name: 'Singapore',
  mcou_code: 'SG',
  mcou_country_dialing_code: '+65',
  eshp_mcpy: 1,
}
const events: ({ type: string } & Record<string, unknown>)[] = [
  { type: 'xstate.done.actor.loadCountries', output: [singapore] },
  { type: 'xstate.error.actor.loadCountries', error: { status: 500 } },
  ...Object.entries(textFields).map(([field, [, value]]) => ({ type: 'field.changed', field, value })),
  { type: 'field.changed', field: 'esus_source', value: 'Refferal' },
  { type: 'field.changed', field: 'check', value: true },
  { type: 'country.chosen', countryId: 1 },
  { type: 'xstate.done.actor.register', output: { message: messages.registered } },
  { type: 'xstate.done.actor.register', output: { message: 'Registered' } },
  {
    type: 'xstate.error.actor.register',
    error: { status: 422, message: 'The company does not serve the chosen country.' },
  },
]

// One path per distinct screen: the state, how many fields are still invalid, and the dialog.
const paths = withoutPrefixes(
  pathsOf(registerMachine, {
    events,
    serializeState: (snapshot: AnyMachineSnapshot) =>
      JSON.stringify([
        snapshot.value,
        Object.keys(snapshot.context.errors).length,
        snapshot.context.dialogMessage,
      ]),
    // The page's list loads before a person could type; typing during the load is the machine tests' job.
    filterEvents: (snapshot, event) =>
      !event.type.startsWith('loading.') &&
      event.type !== 'field.blurred' &&
      !(snapshot.matches({ flow: 'loadingCountries' }) && event.type === 'field.changed'),
  }),
  // A path that ends on a request in flight stays: the longer ones have it answered at once.
  (event) => /^xstate\.(done|error)\.actor\.register$/.test(event.type),
)

async function perform(page: Page, event: EventObject & Record<string, unknown>) {
  switch (event.type) {
    case 'field.changed': {
      const field = String(event.field)
      if (field === 'esus_source') {
        await page.getByRole('button', { name: /How did you hear about us/ }).click()
        await page.getByRole('option', { name: String(event.value), exact: true }).click()
        await expect(page.getByRole('button', { name: /How did you hear about us/ })).toContainText(
          String(event.value),
        )
      } else if (field === 'check') {
        await page.getByRole('checkbox').check({ force: true })
        await expect(page.getByRole('checkbox')).toBeChecked()
      } else {
        const [label] = textFields[field] ?? [field]
        const input = page.getByRole('textbox', { name: label, exact: true })
        await input.fill(String(event.value))
        await expect(input).toHaveValue(String(event.value))
      }
      return
    }
    case 'country.chosen':
      await page.getByRole('combobox', { name: 'Country' }).fill('Singapore')
      await page.getByRole('option', { name: /Singapore/ }).click()
      await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue('+65')
      return
    case 'user.submit':
      await page.getByRole('button', { name: 'Register', exact: true }).click()
      return
    case 'dialog.acknowledged':
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
      return
  }
}

/** Checks what the path's vertex fixes: the state and its dialog. */
async function expectScreen(page: Page, snapshot: AnyMachineSnapshot) {
  const flow = (snapshot.value as { flow: string }).flow
  const dialog = page.getByRole('alertdialog')
  if (flow === 'registered') await expect(dialog).toContainText(messages.registered)
  else if (flow === 'failed' || flow === 'countriesFailed')
    await expect(dialog).toContainText(String(snapshot.context.dialogMessage))
  else if (flow !== 'done') await expect(dialog).toHaveCount(0)
  if (flow === 'done') {
    await expect(page).toHaveURL('/login')
    return false
  }
  const loading = (snapshot.value as { loading: string }).loading
  if (flow === 'editing' && loading !== 'idle') {
    await expect(page.getByRole('button', { name: /Register/ })).toBeDisabled()
  }
  return true
}

for (const [number, path] of paths.entries()) {
  test(`register page path ${number + 1}: ${describePath(path)}`, async ({ page }) => {
    await replayOnPage(page, path, {
      url: '/register',
      actor: 'register',
      endpoint: '**/api/register',
      delays: { loadingClears: timings.registerLoadingClearMs },
      perform,
      expectScreen,
    })
  })
}
