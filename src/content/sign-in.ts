import type { Page } from './types'

/** The content of the login and registration pages. */

export const loginPage: Page = {
  path: '/login',
  meta: {
    title: 'Member Login: Quotes, Bookings and Tracking',
    description:
      'Log in to your eShip account to get instant freight quotes, manage bookings and track shipments by house bill of lading on your personalised dashboard.',
  },
  h1: 'Member Login',
  intro: ['Log in to view your quotes, bookings and shipment tracking.'],
  sections: [],
  ctas: [{ label: 'New to eShip? Register', href: '/register' }],
}

export const registerPage: Page = {
  path: '/register',
  meta: {
    title: 'Register Your Company for Instant Freight Quotes',
    description:
      'Create an eShip business account to get instant FCL, LCL and air freight quotes, book shipments, submit documents and track deliveries online.',
  },
  h1: 'Create Your Company Account',
  intro: [
    'Register your business to get instant quotes, book shipments and track them on your own dashboard. We will email you a link to activate your account.',
  ],
  sections: [],
  ctas: [{ label: 'Already registered? Login', href: '/login' }],
}
