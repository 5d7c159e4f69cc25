import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, createMachine } from 'xstate'
import { timings } from '../../contract/constants'
import { messages } from '../../contract/messages'
import { apiPaths } from '../../contract/wire'
import { contactMachine } from '../../machines/contact.machine'
import { describePath, pathsOf, withoutPrefixes } from '../machines/model'
import { api, type Event, navigate, navigations, replayInView, settle } from './model-replay'

/**
 * The contact chart's own paths, replayed through the Get in Touch form of /contact-us: each event becomes
 * what a user (or the server, through the fake API) does, and each state reached is checked on screen.
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
  // The chart only needs the country the user picks to be in the list.
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
    // One path per screen: the chart's tests replay every answer from every state.
    answersApart: false,
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

const session = createActor(createMachine({ context: { user: null } })).start()
// The page hydrates before the actors exist and reaches them through the app when it acts (useAppLater).
vi.mock('../../src/app/use-app', () => {
  const actors = { api, session, inspect: undefined }
  return {
    useApp: () => actors,
    useAppLater: () => ({ current: () => actors, ready: async () => actors, subscribe: () => () => {} }),
  }
})
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }))

// jsdom has no CSS.escape, which react-aria's popovers and lists call.
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { ContactForm } = await import('../../src/features/contact/contact-form')

const labels: Record<string, string> = {
  mail: 'Email',
  name: 'Name',
  company: 'Company',
  phone: 'Phone',
  message: 'Message',
}

// The page's own form, inside its main (the footer's form is the layout's, not rendered here).
const form = () => within(within(screen.getByRole('main')).getByRole('form', { name: 'Get in Touch' }))

/** Opens the country code's dropdown and clicks an option of its list. */
async function choose(button: RegExp, option: RegExp | string) {
  fireEvent.click(form().getByRole('button', { name: button }))
  await settle()
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }))
  await settle()
}

async function perform(event: Event) {
  switch (event.type) {
    case 'field.changed': {
      const field = String(event.field)
      if (field === 'source' || field === 'mode') {
        const name = field === 'source' ? /How did you hear about us/ : /Mode/
        const select = form().getByRole('combobox', { name }) as HTMLSelectElement
        fireEvent.change(select, { target: { value: String(event.value) } })
        await settle()
        expect(select.value).toBe(String(event.value))
      } else {
        const input = form().getByRole('textbox', { name: labels[field] ?? field }) as HTMLInputElement
        fireEvent.change(input, { target: { value: String(event.value) } })
        await settle()
        expect(input.value).toBe(String(event.value))
      }
      return
    }
    case 'country.chosen':
      // The browser test typed the name into the open list (its typeahead); here the option is clicked.
      await choose(/^Code/, /^Singapore/)
      expect(form().getByRole('button', { name: /Code/ }).textContent).toContain('+65')
      return
    case 'user.submit':
      fireEvent.click(form().getByRole('button', { name: /Enquire Now|Sending/ }))
      return
    case 'toast.dismissed':
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
      return
    case 'dialog.acknowledged':
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }))
      return
  }
}

/** Checks what the path's vertex fixes (state and toast); the typed values are the explicit tests' job. */
function expectScreen(snapshot: AnyMachineSnapshot, reachedBy: Event) {
  if (
    reachedBy.type === 'xstate.done.actor.sendEnquiry' &&
    (reachedBy.output as { message?: string }).message === messages.contactAdded
  ) {
    expect(navigations).toEqual([{ to: '/contact-us/thank-you' }])
    return false
  }
  const flow = (snapshot.value as { flow: string }).flow
  if (flow === 'editing') expect(within(screen.getByRole('main')).getByRole('form')).toBeTruthy()
  if (flow === 'failed') expect(screen.getByRole('alertdialog').textContent).toContain(messages.generic)
  else expect(screen.queryByRole('alertdialog')).toBeNull()
  if (flow === 'sending') {
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true)
  }
  const toast = snapshot.context.toast as string | null
  // Behind a dialog the page is aria-hidden in jsdom (a browser makes it inert, and still finds it by role).
  if (toast) expect(screen.getByText(toast)).toBeTruthy()
  else expect(screen.queryByRole('button', { name: 'Dismiss', hidden: true })).toBeNull()
  return true
}

describe('the contact page replays the chart', () => {
  for (const [number, path] of paths.entries()) {
    it(
      `path ${number + 1}: ${describePath(path)}`,
      () =>
        replayInView(path, {
          actorOf: ({ path, method }) =>
            path === apiPaths.countries
              ? 'loadCountries'
              : path === apiPaths.contact && method === 'POST'
                ? 'sendEnquiry'
                : null,
          answer: (event) =>
            event.type.endsWith('loadCountries') ? { countries: event.output } : event.output,
          delays: { toast: timings.toastMs },
          render: () =>
            render(
              <main>
                <ContactForm idPrefix="contact" />
              </main>,
            ),
          perform,
          expectScreen,
        }),
      30_000,
    )
  }
})
