import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, createMachine } from 'xstate'
import { timings } from '../../contract/constants'
import { messages } from '../../contract/messages'
import { apiPaths } from '../../contract/wire'
import { registerMachine } from '../../machines/register.machine'
import { publicPages } from '../../src/app/pages'
import { describePath, pathsOf, withoutPrefixes } from '../machines/model'
import { api, type Event, navigate, navigations, replayInView, settle } from './model-replay'

/**
 * The registration chart's own paths, replayed through the register page: each event becomes what the user
 * (or the server, through the fake API) does, and each state reached is checked on screen.
 */
const strongPassword = 'Shipping#2025'
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
    // One path per screen: the chart's tests replay every answer from every state.
    answersApart: false,
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

const session = createActor(createMachine({ context: { user: null } })).start()
// The page hydrates before the actors exist and reaches them through the app when it acts (useAppLater).
vi.mock('../../src/app/use-app', () => {
  const actors = { api, session, inspect: undefined }
  return {
    useApp: () => actors,
    useAppLater: () => ({ current: () => actors, ready: async () => actors, subscribe: () => () => {} }),
  }
})
vi.mock('@tanstack/react-router', () => ({
  Link: ({
    to,
    children,
    ...rest
  }: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLElement>) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
  useNavigate: () => navigate,
}))

// jsdom has no CSS.escape, which react-aria's popovers and lists call.
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { RegisterPage } = await import('../../src/features/register/register-page')
const info = publicPages['/register']

const registerButton = () => screen.getByRole('button', { name: /Register/ })

async function perform(event: Event) {
  switch (event.type) {
    case 'field.changed': {
      const field = String(event.field)
      if (field === 'esus_source') {
        const select = screen.getByRole('combobox', {
          name: 'How did you hear about us?',
        }) as HTMLSelectElement
        fireEvent.change(select, { target: { value: String(event.value) } })
        await settle()
        expect(select.value).toBe(String(event.value))
      } else if (field === 'check') {
        fireEvent.click(screen.getByRole('checkbox'))
        await settle()
        expect(screen.getByRole('checkbox')).toHaveProperty('checked', true)
      } else {
        const [label] = textFields[field] ?? [field]
        // A password field has no role in jsdom (a browser calls it a textbox): found by its label.
        const input = screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement
        fireEvent.change(input, { target: { value: String(event.value) } })
        await settle()
        expect(input.value).toBe(String(event.value))
      }
      return
    }
    case 'country.chosen': {
      const country = screen.getByRole('combobox', { name: 'Country' })
      act(() => country.focus())
      fireEvent.change(country, { target: { value: 'Singapore' } })
      await settle()
      fireEvent.click(screen.getByRole('option', { name: /Singapore/ }))
      await settle()
      expect(screen.getByRole('textbox', { name: 'Code' })).toHaveProperty('value', '+65')
      return
    }
    case 'user.submit':
      fireEvent.click(screen.getByRole('button', { name: 'Register' }))
      return
    case 'dialog.acknowledged':
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }))
      return
  }
}

/** Checks what the path's vertex fixes: the state and its dialog. */
function expectScreen(snapshot: AnyMachineSnapshot) {
  const flow = (snapshot.value as { flow: string }).flow
  const dialog = screen.queryByRole('alertdialog')
  if (flow === 'registered') expect(dialog?.textContent).toContain(messages.registered)
  else if (flow === 'failed' || flow === 'countriesFailed')
    expect(dialog?.textContent).toContain(String(snapshot.context.dialogMessage))
  else if (flow !== 'done') expect(dialog).toBeNull()
  if (flow === 'done') {
    expect(navigations).toEqual([{ to: '/login' }])
    return false
  }
  const loading = (snapshot.value as { loading: string }).loading
  if (flow === 'editing' && loading !== 'idle') expect(registerButton()).toHaveProperty('disabled', true)
  return true
}

describe('the register page replays the chart', () => {
  for (const [number, path] of paths.entries()) {
    it(
      `path ${number + 1}: ${describePath(path)}`,
      () =>
        replayInView(path, {
          actorOf: ({ path, method }) =>
            path === apiPaths.countries
              ? 'loadCountries'
              : path === apiPaths.register && method === 'POST'
                ? 'register'
                : null,
          answer: (event) =>
            event.type.endsWith('loadCountries') ? { countries: event.output } : event.output,
          delays: { loadingClears: timings.registerLoadingClearMs },
          render: () => render(<RegisterPage info={info} />),
          perform,
          expectScreen,
        }),
      30_000,
    )
  }
})

describe('the consent line', () => {
  it('opens the Terms and the Privacy Policy in a new tab, without a hold on the form’s tab, and says so', () => {
    const { unmount } = render(<RegisterPage info={info} />)
    for (const [name, href] of [
      ['Terms and Conditions', '/info/terms-conditions'],
      ['Privacy Policy', '/info/privacy-policy'],
    ]) {
      const link = screen.getByRole('link', { name: `${name} (opens in a new tab)` })
      expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
        href,
        '_blank',
        'noopener',
      ])
      // The line is the checkbox's label, which keeps clicks from their default: the link's click keeps its
      // own (the browser opens the tab), and the box is left as it was.
      expect(fireEvent.click(link), 'the click is not cancelled').toBe(true)
      expect(screen.getByRole('checkbox')).toHaveProperty('checked', false)
    }
    unmount()
  })
})
