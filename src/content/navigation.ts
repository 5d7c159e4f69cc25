import type { FooterLinkGroup, Link, NavItem } from './types'

/** Public header menu, in the order of spec section 2. */
export const headerNav: NavItem[] = [
  { label: 'Home', href: '/home' },
  { label: 'About Us', href: '/about-us' },
  {
    label: 'Services',
    href: '/services',
    children: [
      {
        label: 'Ocean Freight',
        href: '/services/ocean-freight',
        children: [
          { label: 'FCL', href: '/services/ocean-freight/fcl' },
          { label: 'LCL', href: '/services/ocean-freight/lcl' },
        ],
      },
      { label: 'Air Freight', href: '/services/air-freight' },
      { label: 'Cargo Insurance', href: '/services/cargo-insurance' },
      { label: 'Customs Clearance', href: '/services/custom-clearance' },
      { label: 'Shipment Tracking', href: '/services/shipment-tracking' },
    ],
  },
  {
    label: 'Info',
    href: '/info',
    children: [
      { label: 'Tradelanes', href: '/info/tradelanes' },
      { label: 'FAQs', href: '/info/faqs' },
      { label: 'Blog', href: '/info/blogs' },
      { label: 'Incoterms', href: '/info/incoterms' },
    ],
  },
  { label: 'Contact Us', href: '/contact-us' },
]

/** Header buttons. `requestQuote` shows on every public page except /info/landing. */
export const headerActions: { login: Link; register: Link; requestQuote: Link } = {
  login: { label: 'Login', href: '/login' },
  register: { label: 'Register', href: '/register' },
  requestQuote: { label: 'Request a Quote', href: '/info/landing' },
}

export const footerNav: FooterLinkGroup[] = [
  {
    id: 'services',
    heading: 'Services',
    links: [
      { label: 'Ocean Freight', href: '/services/ocean-freight' },
      { label: 'FCL (Full Container Load)', href: '/services/ocean-freight/fcl' },
      { label: 'LCL (Less than Container Load)', href: '/services/ocean-freight/lcl' },
      { label: 'Air Freight', href: '/services/air-freight' },
      { label: 'Cargo Insurance', href: '/services/cargo-insurance' },
      { label: 'Customs Clearance', href: '/services/custom-clearance' },
      { label: 'Shipment Tracking', href: '/services/shipment-tracking' },
    ],
  },
  {
    id: 'info',
    heading: 'Information',
    links: [
      { label: 'About Us', href: '/about-us' },
      { label: 'Tradelanes', href: '/info/tradelanes' },
      { label: 'FAQs', href: '/info/faqs' },
      { label: 'Blog', href: '/info/blogs' },
      { label: 'Incoterms', href: '/info/incoterms' },
      { label: 'Contact Us', href: '/contact-us' },
      { label: 'Privacy Policy', href: '/info/privacy-policy' },
      { label: 'Terms & Conditions', href: '/info/terms-conditions' },
    ],
  },
  {
    id: 'account',
    heading: 'Account',
    links: [
      { label: 'Request a Quote', href: '/info/landing' },
      { label: 'Register', href: '/register' },
      { label: 'Login', href: '/login' },
    ],
  },
]
