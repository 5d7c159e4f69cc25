import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ContactDetails } from '../../src/components/layout/contact-details'
import { SiteFooter } from '../../src/components/layout/site-footer'
import { WhatsAppButton } from '../../src/components/layout/whatsapp-button'

// The pages are built with site.config.ts: with another company in it, they show that one and nothing of the
// demo company.
vi.mock('../../site.config', async () => ({ siteConfig: (await import('../fixtures/site')).otherCompany }))

afterEach(cleanup)
beforeAll(() => {
  // The footer's form loads as the footer comes near (jsdom has no IntersectionObserver) and scrolling.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

/** Renders `ui` as the one route of a memory router at `path` (the footer reads the location, and links). */
async function renderInRouter(ui: ReactNode, path = '/home') {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await act(async () => {
    render(<RouterProvider router={router} />)
  })
}

describe('the footer', () => {
  it('shows the configured company: address, support email, phones, WhatsApp, social links, name and UEN', async () => {
    await renderInRouter(<SiteFooter enquiryForm={null} />)
    const footer = screen.getByRole('contentinfo')
    const contact = within(footer).getByRole('region', { name: 'Contact Us' })
    expect(contact.textContent).toContain('80 Robinson Road, #10-01')
    expect(contact.textContent).toContain('Singapore 068898')
    expect(within(contact).getByRole('link', { name: 'care@merlion-freight.test' })).toHaveProperty(
      'href',
      'mailto:care@merlion-freight.test',
    )
    const phones = within(contact).getByRole('list', { name: 'Phone' })
    expect(
      within(phones)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SG: +65 6123 4567', 'UK: +44 20 7946 0123'])
    expect(within(phones).getByRole('link', { name: '+65 6123 4567' })).toHaveProperty(
      'href',
      'tel:+6561234567',
    )
    const whatsApp = within(contact).getByRole('list', { name: 'WhatsApp' })
    expect(within(whatsApp).getByRole('link', { name: '+65 9123 4567' })).toHaveProperty(
      'href',
      'https://wa.me/6591234567',
    )
    expect(within(footer).getByRole('link', { name: 'Merlion Freight on LinkedIn' })).toHaveProperty(
      'href',
      'https://www.linkedin.com/company/merlion-freight',
    )
    expect(within(footer).getByRole('heading', { name: 'Merlion Freight' })).toBeTruthy()
    expect(footer.textContent).toContain('© 2025 Merlion Freight. All rights reserved.')
    expect(footer.textContent).toContain('Merlion Freight Services Pte. Ltd., UEN 201912345K')
    expect(footer.textContent).not.toMatch(/\beShip\b|\.example|Demo Road/)
  })
})

describe('the contact page and the WhatsApp button', () => {
  it('give the same configured details', async () => {
    await renderInRouter(
      <>
        <ContactDetails classes={{}} />
        <WhatsAppButton />
      </>,
      '/contact-us',
    )
    expect(screen.getByRole('link', { name: 'care@merlion-freight.test' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '+44 20 7946 0123' })).toHaveProperty('href', 'tel:+442079460123')
    expect(screen.getByTestId('whatsapp-button')).toHaveProperty('href', 'https://wa.me/6591234567')
  })
})
