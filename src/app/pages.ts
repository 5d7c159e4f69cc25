/**
 * The route map of spec section 2: every page's document title, main heading and description.
 * Route files read their head tags and headings from here, so the map is one table.
 */

import { siteConfig } from '../../site.config'

/** The brand and its tagline are the site configuration's (site.config.ts). */
export const BRAND = siteConfig.brand
export const TAGLINE = siteConfig.tagline

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

/** Article meta descriptions, copied from src/content/blogs.ts like the titles. */
export const blogDescriptions: Record<BlogSlug, string> = {
  'air-freight-vs-ocean-freight-when-speed-outweighs-cost':
    'Air costs more per kilogram, but slow freight has costs too. How to compare air and ocean freight on chargeable weight, transit time and inventory cost.',
  'streamlining-global-shipping-how-our-logistics-platform-simplifies-lcl-fcl-and-air-freight':
    'From instant quotes to HBL tracking: how the eShip platform takes the email chains out of booking LCL, FCL and air freight, step by step.',
  'how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl':
    'Digital booking, electronic bills of lading, decarbonisation and route disruption: the changes shaping FCL and LCL shipping, and what they mean for shippers.',
}

export const isBlogSlug = (slug: string): slug is BlogSlug => (blogSlugs as readonly string[]).includes(slug)

/** A page's route info. */
const page = (title: string, description: string, heading = title): PageInfo => ({
  title,
  heading,
  description,
})

/**
 * Copied from the content modules (src/content) so that this table, read by every route's head, does not
 * pull the content into the shared chunk; e2e/public.spec.ts checks the copy against the content.
 */
export const publicPages = {
  '/home': page(
    'Digital Freight Forwarder in Singapore: FCL, LCL & Air',
    'Instant quotes for FCL, LCL and air freight from Singapore. Book, submit documents and track shipments online, with customs clearance and cargo insurance.',
    'Digital Shipping Solutions for Importers and Exporters',
  ),
  '/about-us': page(
    'About Us: A Digital Freight Forwarder in Singapore',
    'eShip is a Singapore-based digital freight forwarder for businesses: ocean and air freight, customs clearance and cargo insurance, quoted and tracked online.',
    'About eShip',
  ),
  '/services': page(
    'Freight Forwarding Services: Ocean, Air, Customs',
    'Ocean freight (FCL and LCL), air freight, customs clearance, cargo insurance and shipment tracking for businesses shipping to and from Singapore.',
    'Our Services',
  ),
  '/services/ocean-freight': page(
    'Ocean Freight from Singapore: FCL and LCL Shipping',
    'Full container (FCL) and shared container (LCL) sea freight through the Port of Singapore, with instant quotes, customs permits and online tracking.',
    'Ocean Freight',
  ),
  '/services/ocean-freight/fcl': page(
    'FCL Shipping from Singapore: 20ft, 40ft and 40ft HC',
    "Book full container load shipping in 20', 40' and 40' high-cube containers. Container sizes, payloads, VGM, pricing and the documents you need.",
    'FCL: Full Container Load Shipping',
  ),
  '/services/ocean-freight/lcl': page(
    'LCL Shipping from Singapore: Consolidated Sea Freight',
    'Ship less than a container load and pay only for the space you use. How LCL consolidation and W/M charging work, plus 10% off your first LCL shipment.',
    'LCL: Less than Container Load Shipping',
  ),
  '/services/air-freight': page(
    'Air Freight from Singapore Changi: Rates and Rules',
    'Air cargo through Changi Airport for time-critical shipments. Chargeable weight at 1:6000, rate breaks, dangerous goods rules and the documents needed.',
    'Air Freight',
  ),
  '/services/cargo-insurance': page(
    'Cargo Insurance: Institute Cargo Clauses A, B and C',
    "Insure sea and air cargo against loss or damage in transit. How ICC (A), (B) and (C) differ, insured value at 110% of CIF, and what to do if there's a claim.",
    'Cargo Insurance',
  ),
  '/services/custom-clearance': page(
    'Customs Clearance in Singapore: Permits, GST and HS',
    'Singapore Customs permits through TradeNet, HS classification, 9% import GST and Free Trade Zone rules, plus destination clearance and document support.',
    'Customs Clearance',
  ),
  '/services/shipment-tracking': page(
    'Shipment Tracking by House Bill of Lading (HBL)',
    'Follow every eShip shipment by its house bill of lading number on your personalised dashboard, from booking and departure through to delivery.',
    'Shipment Tracking',
  ),
  '/info': page(
    'Shipping Guide: FCL, LCL, Air Freight and How It Works',
    'A practical guide to FCL, LCL and air freight from Singapore: how each is charged, when to use it, and how to ship with eShip in five steps.',
    'Shipping Information',
  ),
  '/info/landing': page(
    'Request a Quote: 10% Off Your First LCL Shipment',
    'Request a freight quote and get 10% off your first LCL shipment with eShip. 24x7 support, transparent pricing and a personalised dashboard for your business.',
    'Request a Quote',
  ),
  '/info/tradelanes': page(
    'Tradelanes from Singapore: Indicative Transit Times',
    'Main ocean and air freight lanes from Singapore to Asia, the Middle East, Europe, the USA and Australia, with indicative transit times and gateway ports.',
    'Tradelanes from Singapore',
  ),
  '/info/tradelanes/uae': page(
    'Singapore to UAE Shipping: Jebel Ali, Khalifa, Dubai',
    'Ship from Singapore to the UAE by sea to Jebel Ali or Khalifa Port, or by air to Dubai and Abu Dhabi. Indicative transit times, documents and duties.',
    'Singapore to UAE',
  ),
  '/info/faqs': page(
    'Frequently Asked Questions: Shipping with eShip',
    'Answers on registering, quotes, FCL, LCL and air freight charges, documents, customs and GST, cargo insurance, tracking and account security at eShip.',
    'Frequently Asked Questions',
  ),
  '/info/blogs': page(
    'Blog: Freight, Customs and Shipping Insights',
    'Practical articles on ocean and air freight, container shipping trends, documentation and customs for businesses shipping to and from Singapore.',
    'eShip Blog',
  ),
  '/info/blog': page(
    'Blog: Freight, Customs and Shipping Insights',
    'Practical articles on ocean and air freight, container shipping trends, documentation and customs for businesses shipping to and from Singapore.',
    'eShip Blog',
  ),
  '/info/incoterms': page(
    'Incoterms 2020 Explained: All 11 Rules',
    'The 11 Incoterms 2020 rules: where risk passes, who pays the main carriage, who insures and who clears customs, with notes on when to use each rule.',
    'Incoterms® 2020',
  ),
  '/info/privacy-policy': page(
    'Privacy Policy: How We Handle Personal Data (PDPA)',
    'How eShip collects, uses, discloses and protects personal data under Singapore’s Personal Data Protection Act 2012, including browser storage and your rights.',
    'Privacy Policy',
  ),
  '/info/terms-conditions': page(
    'Terms & Conditions of Trading and Website Use',
    'eShip’s trading terms: services subject to the SLA Standard Trading Conditions, quotes, payment, liability limits, claims, dangerous goods and Singapore law.',
    'Terms & Conditions',
  ),
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
  '/user/invoices': page('My Invoices', 'Your invoices, credit notes and charges to approve.'),
  '/user/emissions': page(
    'Emissions',
    "Your bookings' greenhouse gas emissions by period, mode and month (ISO 14083, GLEC), as CSV and PDF.",
    'Emissions report',
  ),
  '/user/tracking': page('HBL Tracking', 'Track a house bill of lading.'),
  '/user/profile': page('My Profile', 'Your profile.'),
  '/user/team': page('My Team', "Your company's team: members, roles and invitations."),
  '/user/team/activity': page('Team Activity', "What your company's people did, newest first."),
  '/user/getquote': page('Quotation Preview & Additional Services', 'Preview a quotation and add services.'),
  '/user/confirm-quote': page('Confirm Your Quotation', 'Confirm your quotation.'),
} satisfies Record<string, PageInfo>

/**
 * The pages a mailed link opens that this table names (the rest name their own): client-rendered, not
 * prerendered, not in the sitemap, not indexed.
 */
export const linkPages = {
  '/join': page('Join your team', "Accept an invitation to your company's eShip account.", 'Join your team'),
} satisfies Record<string, PageInfo>

export type PublicPath = keyof typeof publicPages
export type UserPath = keyof typeof userPages

/**
 * Menu entries that appear only while their own route is open (spec section 2); Team Activity is an Admin's,
 * reached from My Team.
 */
export const contextualUserPaths: readonly UserPath[] = [
  '/user/team/activity',
  '/user/getquote',
  '/user/confirm-quote',
]

export const documentTitle = (title: string) =>
  title === TAGLINE ? `${BRAND} | ${TAGLINE}` : `${title} | ${BRAND}`

/** The `head` option of a route: title, description and Open Graph tags. */
export function headOf(info: PageInfo) {
  const title = documentTitle(info.title)
  return {
    meta: [
      { title },
      { name: 'description', content: info.description },
      { property: 'og:title', content: title },
      { property: 'og:description', content: info.description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: BRAND },
    ],
  }
}

/** Paths that show another page's content name that page as canonical (spec: /info/blog is /info/blogs). */
const canonicalAliases: Partial<Record<string, PublicPath>> = { '/info/blog': '/info/blogs' }

/** The path search engines should index for a page at `path` (an index route's match ends in a slash). */
export function canonicalPathOf(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return canonicalAliases[trimmed] ?? trimmed
}

/** Every public page rendered to HTML at build time (scripts/prerender.ts): the route map and the articles. */
export const prerenderedPaths: readonly string[] = [
  ...Object.keys(publicPages),
  ...blogSlugs.map((slug) => `/info/blogs/${slug}`),
]

/** Pages reached through a form, or shown under another address, are left out of the sitemap. */
const unlisted = new Set<string>([
  '/contact-us/thank-you',
  '/login',
  '/register',
  ...Object.keys(canonicalAliases),
])

/** The pages listed in sitemap.xml. */
export const sitemapPaths: readonly string[] = prerenderedPaths.filter((path) => !unlisted.has(path))
