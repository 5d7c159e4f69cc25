import { site } from './site'
import type {
  BlogTeaser,
  Carrier,
  CountryServed,
  HeroSlide,
  HomePage,
  Link,
  LinkCard,
  PointsBlock,
  QuoteStrip,
  Step,
} from './types'

export const heroSlides: HeroSlide[] = [
  {
    id: 'digital-shipping',
    heading: 'Digital Shipping Solutions for Business',
    text:
      'Ocean and air freight from Singapore to the world, quoted, booked and tracked online. ' +
      'Built for importers, exporters and industrial companies.',
    cta: { label: 'Create Your Account', href: '/register' },
  },
  {
    id: 'fcl-lcl-air',
    heading: 'FCL, LCL and Air Freight in One Place',
    text:
      'Compare full-container, shared-container and air options for the same shipment, ' +
      'add customs clearance and cargo insurance, and book when the numbers work for you.',
    cta: { label: 'Explore Our Services', href: '/services' },
  },
  {
    id: 'first-lcl-offer',
    heading: '10% Off Your First LCL Shipment',
    text:
      'New to eShip? Get 10% off your first less-than-container load shipment with us. ' +
      'Request a quote to get started.',
    cta: { label: 'Request a Quote', href: '/info/landing' },
  },
]

export const quoteStrip: QuoteStrip = {
  originLabel: 'Origin',
  originPlaceholder: 'City or port of origin',
  destinationLabel: 'Destination',
  destinationPlaceholder: 'City or port of destination',
  cargoLabel: 'Cargo type',
  cargoOptions: [
    { value: '', label: 'Select Cargo' },
    { value: 'general', label: 'General' },
    { value: 'hazardous', label: 'Hazardous' },
  ],
  buttonLabel: 'GET QUOTE',
  buttonHref: '/register',
}

export const partnerPlatformLink: Link = {
  label: site.partnerPlatform.label,
  href: site.partnerPlatform.href,
}

export const whyChooseUs: PointsBlock = {
  heading: 'Why Choose eShip',
  intro:
    'Freight forwarding for businesses, run online from quote to delivery, with people behind the platform ' +
    'when a shipment needs attention.',
  points: [
    {
      title: 'Instant quotes',
      text: 'See FCL, LCL and air freight rates online as soon as you enter your cargo details, without waiting for an email.',
    },
    {
      title: 'Transparent pricing',
      text: 'Every quote is itemised: freight, surcharges, terminal handling, documentation and any add-ons, each on its own line.',
    },
    {
      title: 'Personalised dashboard',
      text: 'Your quotes, bookings and house bill of lading (HBL) tracking are kept together in one account for your company.',
    },
    {
      title: '24x7 support',
      text: 'Our team is reachable around the clock by email, phone and WhatsApp, whichever time zone your cargo is in.',
    },
    {
      title: 'Customs and insurance in the same booking',
      text: 'Add Singapore customs permits, destination clearance and cargo insurance to a shipment instead of arranging them separately.',
    },
    {
      title: 'Document support',
      text: 'We check your commercial invoice, packing list and shipping instructions before cut-off, so errors are caught early.',
    },
  ],
}

/** The five steps of spec section 2, in order: register, instant quotes, book, submit documents, track. */
export const howItWorks: Step[] = [
  {
    step: 1,
    title: 'Register',
    text: 'Create a company account with your business details. We email an activation link to confirm your address.',
  },
  {
    step: 2,
    title: 'Get Instant Quotes',
    text: 'Enter origin, destination and cargo details to see FCL, LCL or air freight prices straight away.',
  },
  {
    step: 3,
    title: 'Book',
    text: 'Choose the quote that suits you, add services such as customs clearance or insurance, and confirm the booking.',
  },
  {
    step: 4,
    title: 'Submit Documents',
    text: 'Upload your commercial invoice, packing list and shipping instructions. We check them before they go to the carrier.',
  },
  {
    step: 5,
    title: 'Track',
    text: 'Follow your shipment by its house bill of lading number on your dashboard, from departure to delivery.',
  },
]

export const serviceSummaries: LinkCard[] = [
  {
    title: 'Ocean Freight: FCL',
    text: "Your own 20', 40' or 40' high-cube container, sealed at origin and opened only by the consignee.",
    href: '/services/ocean-freight/fcl',
  },
  {
    title: 'Ocean Freight: LCL',
    text: 'Share container space and pay only for the volume or weight you ship, from about one cubic metre.',
    href: '/services/ocean-freight/lcl',
  },
  {
    title: 'Air Freight',
    text: 'Time-critical cargo through Changi Airport, charged on actual or volumetric weight, whichever is greater.',
    href: '/services/air-freight',
  },
  {
    title: 'Customs Clearance',
    text: 'Singapore Customs permits through TradeNet, HS classification and GST handling, plus destination clearance.',
    href: '/services/custom-clearance',
  },
  {
    title: 'Cargo Insurance',
    text: "Cover on Institute Cargo Clauses for loss or damage in transit, beyond a carrier's limited liability.",
    href: '/services/cargo-insurance',
  },
  {
    title: 'Shipment Tracking',
    text: 'Milestones for every booking by house bill of lading number, visible on your dashboard.',
    href: '/services/shipment-tracking',
  },
  {
    title: 'Document Support',
    text: 'Help with commercial invoices, packing lists, certificates of origin and dangerous goods declarations.',
    href: '/services/custom-clearance#documents',
  },
]

export const offerBlock: { heading: string; text: string; cta: Link } = {
  heading: '10% off your first LCL shipment',
  text:
    'Shipping less than a container load? Book your first LCL shipment with eShip and get 10% off. ' +
    'Offer terms apply.',
  cta: { label: 'Claim the Offer', href: '/info/landing' },
}

export const aboutBlock: { heading: string; body: string[]; cta: Link } = {
  heading: 'About eShip',
  body: [
    'eShip is a digital freight forwarder based in Singapore, one of the best-connected container and air cargo hubs in the world. ' +
      'We serve businesses only: importers, exporters and industrial companies moving commercial cargo.',
    'Our platform puts quoting, booking, documents and tracking online, and our operations team handles what software cannot: ' +
      'carrier space, customs questions and the unexpected.',
  ],
  cta: { label: 'More About Us', href: '/about-us' },
}

export const advantages: PointsBlock = {
  heading: 'The eShip Advantage',
  points: [
    {
      title: 'A Singapore hub',
      text: 'Shipments move through the Port of Singapore and Changi Airport, with frequent sailings and flights to Asia, the Middle East, Europe, the Americas and Australia.',
    },
    {
      title: 'One account, every mode',
      text: 'FCL, LCL and air freight are quoted and booked the same way, so you can switch mode without switching provider.',
    },
    {
      title: 'Fewer surprises at destination',
      text: 'Quotes state what is and is not included, such as destination charges, duties and taxes, before you book.',
    },
    {
      title: 'Hazardous cargo, properly handled',
      text: 'Dangerous goods can be quoted when they are correctly classified, packed and declared under the IMDG Code or IATA rules.',
    },
  ],
}

/**
 * Countries served, for the world map. The first twenty are the spec's home-page list; Australia, UAE,
 * Saudi Arabia and Qatar come from its other statements. Pins are representative points (near the
 * geographic centre; Middle East: over the Gulf).
 */
export const countriesServed: CountryServed[] = [
  { name: 'India', isoAlpha2: 'IN', lon: 78.96, lat: 20.59, source: 'home-list' },
  { name: 'USA', isoAlpha2: 'US', lon: -98.58, lat: 39.83, source: 'home-list' },
  { name: 'UK', isoAlpha2: 'GB', lon: -1.5, lat: 52.5, source: 'home-list' },
  { name: 'France', isoAlpha2: 'FR', lon: 2.21, lat: 46.23, source: 'home-list' },
  { name: 'Germany', isoAlpha2: 'DE', lon: 10.45, lat: 51.17, source: 'home-list' },
  { name: 'Netherlands', isoAlpha2: 'NL', lon: 5.29, lat: 52.13, source: 'home-list' },
  { name: 'Spain', isoAlpha2: 'ES', lon: -3.75, lat: 40.46, source: 'home-list' },
  { name: 'Pakistan', isoAlpha2: 'PK', lon: 69.35, lat: 30.38, source: 'home-list' },
  { name: 'Middle East', isoAlpha2: null, lon: 50.8, lat: 27.5, source: 'home-list' },
  { name: 'Thailand', isoAlpha2: 'TH', lon: 100.99, lat: 15.87, source: 'home-list' },
  { name: 'Sri Lanka', isoAlpha2: 'LK', lon: 80.77, lat: 7.87, source: 'home-list' },
  { name: 'Bangladesh', isoAlpha2: 'BD', lon: 90.36, lat: 23.68, source: 'home-list' },
  { name: 'China', isoAlpha2: 'CN', lon: 104.2, lat: 35.86, source: 'home-list' },
  { name: 'Japan', isoAlpha2: 'JP', lon: 138.25, lat: 36.2, source: 'home-list' },
  { name: 'Hong Kong', isoAlpha2: 'HK', lon: 114.17, lat: 22.32, source: 'home-list' },
  { name: 'Taiwan', isoAlpha2: 'TW', lon: 120.96, lat: 23.7, source: 'home-list' },
  { name: 'Vietnam', isoAlpha2: 'VN', lon: 108.28, lat: 14.06, source: 'home-list' },
  { name: 'Malaysia', isoAlpha2: 'MY', lon: 101.98, lat: 4.21, source: 'home-list' },
  { name: 'Singapore', isoAlpha2: 'SG', lon: 103.82, lat: 1.35, source: 'home-list' },
  { name: 'Indonesia', isoAlpha2: 'ID', lon: 113.92, lat: -0.79, source: 'home-list' },
  { name: 'Australia', isoAlpha2: 'AU', lon: 133.78, lat: -25.27, source: 'other-statements' },
  { name: 'UAE', isoAlpha2: 'AE', lon: 54.0, lat: 23.42, source: 'other-statements' },
  { name: 'Saudi Arabia', isoAlpha2: 'SA', lon: 45.08, lat: 23.89, source: 'other-statements' },
  { name: 'Qatar', isoAlpha2: 'QA', lon: 51.18, lat: 25.35, source: 'other-statements' },
]

export const countriesSection: { heading: string; text: string } = {
  heading: 'Where We Ship',
  text: 'From our base in Singapore we arrange ocean and air freight to and from these markets, with partner agents handling collection, clearance and delivery at the other end.',
}

/**
 * Carriers we book with (names only; no logos or partnerships claimed). Shown in place of the spec's
 * partner-logo strip.
 */
export const carriers: Carrier[] = [
  { name: 'Maersk', mode: 'ocean' },
  { name: 'MSC', mode: 'ocean' },
  { name: 'CMA CGM', mode: 'ocean' },
  { name: 'Hapag-Lloyd', mode: 'ocean' },
  { name: 'ONE (Ocean Network Express)', mode: 'ocean' },
  { name: 'Evergreen', mode: 'ocean' },
  { name: 'COSCO Shipping', mode: 'ocean' },
  { name: 'Yang Ming', mode: 'ocean' },
  { name: 'HMM', mode: 'ocean' },
  { name: 'PIL (Pacific International Lines)', mode: 'ocean' },
  { name: 'Singapore Airlines Cargo', mode: 'air' },
  { name: 'Emirates SkyCargo', mode: 'air' },
  { name: 'Qatar Airways Cargo', mode: 'air' },
  { name: 'Cathay Cargo', mode: 'air' },
  { name: 'Lufthansa Cargo', mode: 'air' },
  { name: 'Etihad Cargo', mode: 'air' },
]

export const carriersSection: { heading: string; text: string; disclaimer: string } = {
  heading: 'Carriers We Book With',
  text: 'We book space with major ocean carriers and airlines, choosing the service that fits your route, cargo and deadline.',
  disclaimer:
    'Carrier names are trademarks of their respective owners and are shown for information only; ' +
    'their use does not imply endorsement.',
}

export const enrolCta: { heading: string; text: string; primary: Link; secondary: Link } = {
  heading: 'Ready to Ship with eShip?',
  text: 'Open a company account to get instant quotes, book shipments and track them in one place. Already registered? Log in to continue.',
  primary: { label: 'Create Account', href: '/register' },
  secondary: { label: 'Member Login', href: '/login' },
}

/**
 * Home-page blog cards. The pairing of card title and slug is the spec's and is deliberately not matched
 * (spec section 2): keep it as is.
 */
export const blogTeasers: BlogTeaser[] = [
  {
    title: 'Air Freight vs Ocean Freight: When Speed Outweighs Cost',
    excerpt:
      'Air costs more per kilogram, but slow freight has costs of its own. How to weigh transit time, chargeable weight and inventory.',
    slug: 'air-freight-vs-ocean-freight-when-speed-outweighs-cost',
    href: '/info/blogs/air-freight-vs-ocean-freight-when-speed-outweighs-cost',
  },
  {
    title: 'How Container Shipping Is Evolving: What to Expect from the Future of FCL and LCL',
    excerpt:
      'Digital booking, electronic documents and new fuels are changing how full and shared container loads are bought and moved.',
    slug: 'streamlining-global-shipping-how-our-logistics-platform-simplifies-lcl-fcl-and-air-freight',
    href: '/info/blogs/streamlining-global-shipping-how-our-logistics-platform-simplifies-lcl-fcl-and-air-freight',
  },
  {
    title: 'Streamlining FCL Documentation: How Our Platform Simplifies LCL, FCL and Air Freight',
    excerpt:
      'Shipping instructions, VGM, packing lists and permits: the paperwork behind a container, and how to get it right first time.',
    slug: 'how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl',
    href: '/info/blogs/how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl',
  },
]

export const homePage: HomePage = {
  path: '/home',
  meta: {
    title: 'Digital Freight Forwarder in Singapore: FCL, LCL & Air',
    description:
      'Instant quotes for FCL, LCL and air freight from Singapore. Book, submit documents and track shipments online, with customs clearance and cargo insurance.',
  },
  h1: 'Digital Shipping Solutions for Importers and Exporters',
  heroSlides,
  quoteStrip,
  partnerPlatformLink,
  whyChooseUs,
  howItWorks: {
    heading: 'How It Works',
    intro: 'From first quote to final delivery in five steps.',
    steps: howItWorks,
  },
  services: {
    heading: 'Our Services',
    intro: 'Everything a business shipment needs, booked in one place.',
    cards: serviceSummaries,
  },
  offerBlock,
  aboutBlock,
  advantages,
  countries: { ...countriesSection, list: countriesServed },
  carriers: { ...carriersSection, list: carriers },
  enrolCta,
  blog: {
    heading: 'From the Blog',
    cta: { label: 'View All Articles', href: '/info/blogs' },
    teasers: blogTeasers,
  },
}
