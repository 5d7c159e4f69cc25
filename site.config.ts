/**
 * THE SITE CONFIGURATION: the company's identity, shown by the footer, the contact page, the WhatsApp button,
 * the legal pages, every mail's signature and the house bill (docs/site-config.md says where each value
 * appears).
 *
 * DEMO VALUES: the specification does not give the company's real details, so everything below is a demo
 * company (`demo: true`): `.example` addresses (a reserved domain that never resolves), a UEN that no company
 * has, a UK number from Ofcom's drama range (020 7946 0xxx) and other numbers of zeros. A production server
 * started with `demo: true` warns in its log. Before launch, set the real values, set `demo: false` and
 * rebuild (`npm run build`): the pages are built with these values, and the server reads them at start.
 *
 * The build, the server and the tests validate this object (contract/site.ts), so a malformed value stops
 * `npm run build` and the server's start with a message naming it.
 */
import type { SiteConfig } from './contract/site'

export const siteConfig: SiteConfig = {
  demo: true,
  brand: 'eShip',
  tagline: 'Digital Shipping Solutions',
  legalName: 'eShip Demo Pte. Ltd.',
  uen: '000000000D',
  address: {
    lines: ['1 Demo Road, #01-01', 'Singapore 000000'],
    country: 'Singapore',
  },
  supportEmail: 'support@eship.example',
  supportHours: '24x7',
  salesDesk: { answerWithin: 'one working day', hours: 'Monday to Friday, 9:00 to 18:00 Singapore time' },
  operationsDesk: {
    confirmWithin: 'one working day',
    hours: 'Monday to Friday, 9:00 to 18:00 Singapore time',
    // The same promise in numbers: the sailing a booking plans leaves the desk these working hours to confirm
    // (one working day of 9:00 to 18:00), then the customer one more working day to bring the cargo and send
    // the documents before the cut-offs (docs/pricing.md, "Which sailing is planned").
    workingHours: { startHour: 9, endHour: 18 },
    confirmWorkingHours: 9,
    preparationWorkingHours: 9,
  },
  // Tax invoices (docs/invoices.md). Demo values: a GST number and bank account nobody has.
  billing: {
    gstRegistrationNumber: '000000000D',
    paynow: { uen: '000000000D', merchantName: 'eShip Demo Pte Ltd', city: 'Singapore' },
    bankTransfer: {
      bank: 'Demo Bank Singapore',
      accountName: 'eShip Demo Pte. Ltd.',
      accountNumber: '000-000000-0',
      swift: 'DEMOSGSGXXX',
    },
    fxRateSource: 'eShip pricing team reference rate',
    creditControl: { defaultLimit: 5_000_000, overdueDaysBeforeHold: 30 },
    reminders: { daysFromDue: [3, 0, -7, -14, -30] },
  },
  phones: [
    { region: 'SG', display: '+65 6000 0000', e164: '+6560000000' },
    { region: 'UAE', display: '+971 4 000 0000', e164: '+97140000000' },
    { region: 'UK', display: '+44 20 7946 0000', e164: '+442079460000' },
    { region: 'IND', display: '+91 22 0000 0000', e164: '+912200000000' },
  ],
  whatsapp: [
    { region: 'SG', display: '+65 8000 0000', e164: '+6580000000' },
    { region: 'IND', display: '+91 90000 00000', e164: '+919000000000' },
  ],
  dataProtectionOfficerEmail: 'dpo@eship.example',
  partnerPlatform: { label: 'Visit our partner platform', href: 'https://partner.eship.example' },
  social: [
    { network: 'linkedin', href: 'https://www.linkedin.com/company/eship-demo' },
    { network: 'facebook', href: 'https://www.facebook.com/eship.demo' },
    { network: 'instagram', href: 'https://www.instagram.com/eship.demo' },
    { network: 'x', href: 'https://x.com/eship_demo' },
    { network: 'youtube', href: 'https://www.youtube.com/@eship-demo' },
  ],
}
