import type { SiteConfig } from './types'

/*
 * PLACEHOLDERS: every value under `contact`, `social`, `dataProtectionOfficer` and `partnerPlatform` is a
 * stand-in (the specification withholds the real values). Each object is flagged `placeholder: true`.
 * They MUST be replaced with the company's real details before launch.
 */

export const site: SiteConfig = {
  brand: 'eShip',
  tagline: 'Digital Shipping Solutions',
  /** Registered company name: placeholder, replace before launch. */
  legalName: { value: 'eShip Pte. Ltd.', placeholder: true },
  supportHours: '24x7',

  contact: {
    placeholder: true,
    // Replace before launch.
    email: 'support@example.com',
    address: {
      lines: ['1 Example Road, #01-01', 'Singapore 000001'],
      country: 'Singapore',
    },
    phones: [
      { region: 'SG', display: '+65 6000 0000', e164: '+6560000000' },
      { region: 'UAE', display: '+971 4 000 0000', e164: '+97140000000' },
      { region: 'UK', display: '+44 20 7946 0000', e164: '+442079460000' },
      { region: 'IND', display: '+91 22 0000 0000', e164: '+912200000000' },
    ],
    whatsapp: [
      { region: 'SG', display: '+65 8000 0000', href: 'https://wa.me/6580000000' },
      { region: 'IND', display: '+91 90000 00000', href: 'https://wa.me/919000000000' },
    ],
  },

  /** Data Protection Officer contact required by the PDPA: placeholder, replace before launch. */
  dataProtectionOfficer: {
    placeholder: true,
    title: 'Data Protection Officer',
    email: 'dpo@example.com',
  },

  social: {
    placeholder: true,
    // Replace before launch.
    links: [
      { network: 'linkedin', label: 'eShip on LinkedIn', href: 'https://www.linkedin.com/company/example' },
      { network: 'facebook', label: 'eShip on Facebook', href: 'https://www.facebook.com/example' },
      { network: 'instagram', label: 'eShip on Instagram', href: 'https://www.instagram.com/example' },
      { network: 'x', label: 'eShip on X', href: 'https://x.com/example' },
      { network: 'youtube', label: 'eShip on YouTube', href: 'https://www.youtube.com/@example' },
    ],
  },

  /** The home page links to a partner platform whose address the spec does not give: placeholder. */
  partnerPlatform: {
    placeholder: true,
    label: 'Visit our partner platform',
    href: 'https://partner.example.com',
  },

  whatsAppButtonLabel: 'Chat with us on WhatsApp',

  footer: {
    about:
      'eShip is a Singapore-based digital freight forwarder for importers, exporters and industrial companies. ' +
      'Get instant quotes, book FCL, LCL and air freight, submit documents and track every shipment from one ' +
      'dashboard, with customs clearance and cargo insurance available on request.',
    enquiryHeading: 'Get In Touch',
    contactHeading: 'Contact Us',
    copyrightYear: 2025,
    copyright: '© 2025 eShip. All rights reserved.',
  },
}
