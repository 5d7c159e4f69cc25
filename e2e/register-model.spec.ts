import { expect, type Page, type Route, test } from '@playwright/test'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { messages } from '../contract/messages'
import { registerMachine } from '../machines/register.machine'
import { describePath, pathsOf } from '../tests/machines/model'
import { strongPassword } from './fixtures'

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
const paths = pathsOf(registerMachine, {
  events,
  serializeState: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([
      snapshot.value,
      Object.keys(snapshot.context.errors).length,
      snapshot.context.dialogMessage,
    ]),
  filterEvents: (_snapshot, event) => !event.type.startsWith('loading.') && event.type !== 'field.blurred',
})

async function perform(page: Page, event: EventObject & Record<string, unknown>) {
  switch (event.type) {
    case 'field.changed': {
      const field = String(event.field)
      if (field === 'esus_source') {
        await page.getByRole('button', { name: /How did you hear about us/ }).click()
        await page.getByRole('option', { name: String(event.value), exact: true }).click()
      } else if (field === 'check') {
        await page.getByRole('checkbox').check({ force: true })
      } else {
        const [label] = textFields[field] ?? [field]
        await page.getByRole('textbox', { name: label, exact: true }).fill(String(event.value))
      }
      return
    }
    case 'country.chosen':
      await page.getByRole('combobox', { name: 'Country' }).fill('Singapore')
      await page.getByRole('option', { name: /Singapore/ }).click()
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
  if (flow === 'done') await expect(page).toHaveURL('/login')
  const loading = (snapshot.value as { loading: string }).loading
  if (flow === 'editing' && loading !== 'idle') {
    await expect(page.getByRole('button', { name: /Register/ })).toBeDisabled()
  }
}

for (const [number, path] of paths.entries()) {
  test(`register page path ${number + 1}: ${describePath(path)}`, async ({ page }) => {
    await page.clock.install()
    const steps = path.steps.filter((step) => step.event.type !== 'xstate.init')
    let answer: ((route: Route) => Promise<void>) | undefined
    await page.route('**/api/register', async (route) => {
      if (answer) await answer(route)
    })
    if (steps[0]?.event.type === 'xstate.error.actor.loadCountries') {
      await page.route('**/api/countries', (route) =>
        route.fulfill({ status: 500, json: { message: 'down' } }),
      )
    }
    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Model time passes only on xstate.after steps.
    await page.clock.pauseAt(Date.now() + 1000)
    for (const [index, step] of steps.entries()) {
      const event = step.event as EventObject & Record<string, unknown>
      const next = steps[index + 1]
      if (event.type.startsWith('xstate.after.')) {
        await page.clock.fastForward(1000)
      } else if (!/^xstate\.(done|error)\.actor\./.test(event.type)) {
        if (event.type === 'user.submit') {
          answer = undefined
          const response = next?.event as (EventObject & Record<string, unknown>) | undefined
          if (response?.type === 'xstate.done.actor.register') {
            answer = (route) => route.fulfill({ json: response.output })
          } else if (response?.type === 'xstate.error.actor.register') {
            const error = response.error as { status: number; message: string }
            answer = (route) => route.fulfill({ status: error.status, json: { message: error.message } })
          }
        }
        await perform(page, event)
      }
      const answered = next !== undefined && /^xstate\.(done|error)\.actor\.register/.test(next.event.type)
      await expectScreen(page, answered ? next.state : step.state)
    }
  })
}
