import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type BillingContact, billingContactMessages } from '../../contract/finance/reminders'
import { ruleMessages } from '../../contract/rules'
import { teamMessages } from '../../contract/team'
import type { ApiClient } from '../../src/api/client'

// My Team's billing contact: an Admin names it, empties it to remove it; anyone else reads it.

const calls: { path: string; method: string; body: unknown }[] = []
let stored: BillingContact

const call = vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
  const method = options.method ?? 'GET'
  calls.push({ path, method, body: options.body })
  if (path !== '/api/team/billing-contact') throw { status: 404, message: 'Not found.' }
  if (method === 'PUT') {
    const { email } = options.body as { email: string | null }
    stored = { email: email?.trim().toLowerCase() ?? null }
    return {
      message: email ? billingContactMessages.saved : billingContactMessages.cleared,
      billingContact: stored,
    }
  }
  return stored
})
const api = call as unknown as ApiClient

vi.mock('../../src/app/use-app', () => ({ useApp: () => ({ api, inspect: undefined }) }))

const { BillingContactForm } = await import('../../src/features/team/billing-contact-form')

beforeEach(() => {
  stored = { email: null }
})
afterEach(() => {
  cleanup()
  calls.length = 0
})

const settle = () => act(async () => {})
const region = () => within(screen.getByRole('region', { name: 'Billing contact' }))
const puts = () => calls.filter((one) => one.method === 'PUT')
const label = "Billing contact's email (empty: none)"

describe("My Team's billing contact", () => {
  it('an Admin names it (the message on a bad email, nothing sent), then removes it', async () => {
    render(<BillingContactForm mayEdit />)
    await settle()
    const form = region()
    const field = form.getByLabelText(label) as HTMLInputElement
    expect(field.value).toBe('')
    fireEvent.change(field, { target: { value: 'accounts at acme' } })
    fireEvent.blur(field)
    expect(form.getByText(ruleMessages.registerEmailInvalid)).toBeTruthy()
    fireEvent.click(form.getByRole('button', { name: 'Save the billing contact' }))
    await settle()
    expect(puts()).toEqual([])

    fireEvent.change(field, { target: { value: 'AP@Acme.example' } })
    fireEvent.click(form.getByRole('button', { name: 'Save the billing contact' }))
    await settle()
    expect(puts()).toEqual([
      { path: '/api/team/billing-contact', method: 'PUT', body: { email: 'AP@Acme.example' } },
    ])
    expect(form.getByTestId('billing-contact-status').textContent).toBe(billingContactMessages.saved)
    expect((form.getByLabelText(label) as HTMLInputElement).value).toBe('ap@acme.example')
    expect(form.queryByText(ruleMessages.registerEmailInvalid)).toBeNull()

    fireEvent.change(form.getByLabelText(label), { target: { value: '  ' } })
    fireEvent.click(form.getByRole('button', { name: 'Save the billing contact' }))
    await settle()
    expect(puts().at(-1)?.body).toEqual({ email: null })
    expect(form.getByTestId('billing-contact-status').textContent).toBe(billingContactMessages.cleared)
  })

  it("shows the server's refusal and keeps what was typed", async () => {
    render(<BillingContactForm mayEdit />)
    await settle()
    const form = region()
    call.mockRejectedValueOnce({ status: 403, message: teamMessages.adminOnly })
    fireEvent.change(form.getByLabelText(label), { target: { value: 'ap@acme.example' } })
    fireEvent.click(form.getByRole('button', { name: 'Save the billing contact' }))
    await settle()
    expect(form.getByRole('alert').textContent).toContain(teamMessages.adminOnly)
    expect((form.getByLabelText(label) as HTMLInputElement).value).toBe('ap@acme.example')
  })

  it('a Member or Viewer reads it, with no form', async () => {
    stored = { email: 'ap@acme.example' }
    render(<BillingContactForm mayEdit={false} />)
    await settle()
    const form = region()
    expect(
      form.getByText(/Reminders also go to ap@acme\.example\. Admins name the billing contact\./),
    ).toBeTruthy()
    expect(form.queryByRole('textbox')).toBeNull()
    expect(form.queryByRole('button')).toBeNull()
    cleanup()
    stored = { email: null }
    render(<BillingContactForm mayEdit={false} />)
    await settle()
    expect(region().getByText(/None: reminders go to the Admins only\./)).toBeTruthy()
  })

  it('says a failed load and reads again on Try again', async () => {
    call.mockRejectedValueOnce({ status: 500, message: 'Something went wrong, Please try after some time.' })
    render(<BillingContactForm mayEdit />)
    await settle()
    const form = region()
    expect(form.getByRole('alert').textContent).toContain('Something went wrong')
    fireEvent.click(form.getByRole('button', { name: 'Try again' }))
    await settle()
    expect(form.queryByRole('alert')).toBeNull()
    expect(form.getByLabelText(label)).toBeTruthy()
  })
})
