import { site } from './site'
import type { ContactPage, Page } from './types'

/** Contact Us and the thank-you page after an enquiry. */

export const contactPage: ContactPage = {
  path: '/contact-us',
  meta: {
    title: 'Contact Us: Freight Enquiries and Support',
    description:
      'Send eShip an enquiry about LCL, FCL or air freight from Singapore. Our team replies by email or phone, and support is available 24x7 by WhatsApp.',
  },
  h1: 'Contact Us',
  intro: [
    'Whether you are planning your first shipment or looking for a better way to manage regular freight, we are happy to help. Send us your enquiry and one of our team will get back to you.',
  ],
  formHeading: 'Get in Touch',
  formIntro: 'Tell us a little about your business and your shipment. All fields are required.',
  sections: [
    {
      id: 'other-ways',
      heading: 'Other ways to reach us',
      body: [
        `Our support team is available ${site.supportHours} by email, phone and WhatsApp. For an existing booking, please quote your house bill of lading number so that we can find it quickly.`,
      ],
    },
  ],
}

export const thankYouPage: Page = {
  path: '/contact-us/thank-you',
  meta: {
    title: 'Thank You for Your Enquiry',
    description:
      'Thank you for contacting eShip. We have received your enquiry and one of our agents will get back to you shortly by email or phone.',
  },
  h1: 'Thank You',
  intro: [
    'Thank you for your enquiry. We have received your message, and one of our agents will get back to you shortly.',
    'In the meantime, you can register for an account to see instant quotes for FCL, LCL and air freight.',
  ],
  sections: [],
  ctas: [
    { label: 'Back to Home', href: '/home' },
    { label: 'Create Account', href: '/register' },
  ],
}
