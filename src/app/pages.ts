/**
 * The route map of spec section 2: every page's document title, main heading and description.
 * Route files read their head tags and headings from here, so the map is one table.
 */

export const BRAND = 'eShip'
export const TAGLINE = 'Digital Shipping Solutions'

export interface PageInfo {
  /** Document title without the brand. */
  title: string
  /** The page's h1. */
  heading: string
  /** Meta description. */
  description: string
}

export const blogSlugs = [
  'air-freight-vs-ocean-freight-when-speed-outweighs-cost',
  'streamlining-global-shipping-how-our-logistics-platform-simplifies-lcl-fcl-and-air-freight',
  'how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl',
] as const

export type BlogSlug = (typeof blogSlugs)[number]

export const blogTitles: Record<BlogSlug, string> = {
  'air-freight-vs-ocean-freight-when-speed-outweighs-cost':
    'Air Freight vs Ocean Freight: When Speed Outweighs Cost',
  'streamlining-global-shipping-how-our-logistics-platform-simplifies-lcl-fcl-and-air-freight':
    'Streamlining Global Shipping: How Our Logistics Platform Simplifies LCL, FCL and Air Freight',
  'how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl':
    'How Container Shipping Is Evolving: What to Expect from the Future of FCL and LCL',
}

export const isBlogSlug = (slug: string): slug is BlogSlug => (blogSlugs as readonly string[]).includes(slug)

const page = (title: string, description: string, heading = title): PageInfo => ({
  title,
  heading,
  description,
})

export const publicPages = {
  '/home': page(
    TAGLINE,
    'Ocean FCL and LCL, air freight, customs clearance and cargo insurance for businesses, with instant quotes and tracking from Singapore.',
  ),
  '/about-us': page(
    'About Us',
    'Who we are: a Singapore-based digital freight forwarder serving importers and exporters.',
  ),
  '/services': page(
    'Services',
    'Ocean freight (FCL and LCL), air freight, cargo insurance, customs clearance and shipment tracking.',
  ),
  '/services/ocean-freight': page(
    'Ocean Freight',
    'Full container load and less-than-container load sea freight from and to Singapore.',
  ),
  '/services/ocean-freight/fcl': page(
    'FCL: Full Container Load',
    'Book a whole 20-foot or 40-foot container for your cargo.',
  ),
  '/services/ocean-freight/lcl': page(
    'LCL: Less than Container Load',
    'Ship part loads in consolidated containers and pay only for the space you use.',
  ),
  '/services/air-freight': page(
    'Air Freight',
    'Time-critical cargo by air from Changi and to airports worldwide.',
  ),
  '/services/cargo-insurance': page(
    'Cargo Insurance',
    'Insure your goods in transit against loss and damage.',
  ),
  '/services/custom-clearance': page(
    'Customs Clearance',
    'Import and export permits and customs clearance handled for you.',
  ),
  '/services/shipment-tracking': page('Shipment Tracking', 'Follow every shipment from pick-up to delivery.'),
  '/info': page('Shipping Information', 'How FCL, LCL and air freight work, and how shipping with us works.'),
  '/info/landing': page(
    'Request a Quote',
    'Request a freight quote and get 10% off your first LCL shipment.',
  ),
  '/info/tradelanes': page(
    'Tradelanes',
    'The trade lanes we serve from Singapore, with indicative transit times.',
  ),
  '/info/tradelanes/uae': page(
    'Singapore to UAE',
    'Shipping between Singapore and the United Arab Emirates by sea and air.',
  ),
  '/info/faqs': page(
    'Frequently Asked Questions',
    'Answers to common questions about quotes, bookings, documents and tracking.',
    'FAQs',
  ),
  '/info/blogs': page('Blog', 'Articles on freight, logistics and international trade.'),
  '/info/blog': page('Blog', 'Articles on freight, logistics and international trade.'),
  '/info/incoterms': page(
    'Incoterms 2020',
    'The 11 Incoterms 2020 rules: who pays, who bears the risk and where it passes.',
  ),
  '/info/privacy-policy': page(
    'Privacy Policy',
    'How we collect, use and protect personal data under Singapore law.',
  ),
  '/info/terms-conditions': page('Terms and Conditions', 'The terms on which we provide our services.'),
  '/contact-us': page('Contact Us', 'Send us an enquiry and our team will get back to you.', 'Get in Touch'),
  '/contact-us/thank-you': page('Thank You', 'Thank you for your enquiry.', 'Thank You'),
  '/login': page('Login', 'Log in to your company account.', 'Member Login'),
  '/register': page(
    'Register',
    'Create a company account to get instant quotes, book and track shipments.',
    'Create Account',
  ),
} satisfies Record<string, PageInfo>

/** Logged-in pages: the spec's table, menu title and page title alike. */
export const userPages = {
  '/user/home': page('Home', 'Your dashboard.'),
  '/user/quotation': page('My Quotes', 'Your quotations.'),
  '/user/bookings': page('My Bookings', 'Your bookings.'),
  '/user/tracking': page('HBL Tracking', 'Track a house bill of lading.'),
  '/user/profile': page('My Profile', 'Your profile.'),
  '/user/getquote': page('Quotation Preview & Additional Services', 'Preview a quotation and add services.'),
  '/user/confirm-quote': page('Confirm Your Quotation', 'Confirm your quotation.'),
} satisfies Record<string, PageInfo>

export type PublicPath = keyof typeof publicPages
export type UserPath = keyof typeof userPages

/** Menu entries that appear only while their own route is open (spec section 2). */
export const contextualUserPaths: readonly UserPath[] = ['/user/getquote', '/user/confirm-quote']

export const documentTitle = (title: string) =>
  title === TAGLINE ? `${BRAND} | ${TAGLINE}` : `${title} | ${BRAND}`

/** The `head` option of a route: title and description. */
export function headOf(info: PageInfo) {
  return {
    meta: [{ title: documentTitle(info.title) }, { name: 'description', content: info.description }],
  }
}
