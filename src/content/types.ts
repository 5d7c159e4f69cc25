/**
 * Shapes of the public marketing content. Data only: these modules hold no React and no runtime logic.
 * Every page object carries `meta` (for the document head) and `h1` (its single main heading).
 */
import type { SitePhone, SiteWhatsApp, SocialNetwork } from '../../contract/site'

/** Document head data. `title` excludes the brand and is at most 60 characters; `description` is 120–160. */
export interface PageMeta {
  title: string
  description: string
}

export interface Link {
  label: string
  href: string
}

/** A titled point in a list (benefits, steps, inclusions, clauses). */
export interface Item {
  title: string
  text: string
}

/** A card that links somewhere (service cards, related pages). */
export interface LinkCard {
  title: string
  text: string
  href: string
}

export interface Table {
  caption: string
  columns: string[]
  rows: string[][]
  notes?: string[]
}

/** A block of a page. `id` is kebab-case and usable as an anchor (`/path#id`). */
export interface Section {
  id: string
  heading: string
  body: string[]
  items?: Item[]
  links?: Link[]
  table?: Table
}

export interface Faq {
  question: string
  answer: string
}

export interface FaqGroup {
  id: string
  heading: string
  faqs: Faq[]
}

/** The common shape of a content page. */
export interface Page {
  path: string
  meta: PageMeta
  h1: string
  intro: string[]
  sections: Section[]
  ctas?: Link[]
}

export type ServiceKey =
  | 'ocean-freight'
  | 'fcl'
  | 'lcl'
  | 'air-freight'
  | 'cargo-insurance'
  | 'custom-clearance'
  | 'shipment-tracking'

/** A service page. Its sections use the ids what-it-is, when-to-choose, whats-included, pricing, documents. */
export interface ServicePage extends Page {
  key: ServiceKey
  faqs: Faq[]
  related: Link[]
}

export interface ServicesIndexPage extends Page {
  cards: LinkCard[]
}

export interface LandingPage extends Page {
  offer: {
    heading: string
    text: string
    terms: string[]
  }
  /** The four promises of the landing page: the offer, 24x7 support, transparent pricing, the dashboard. */
  benefits: Item[]
  formHeading: string
}

export interface TradeLane {
  id: string
  region: string
  destination: string
  seaports: string[]
  airports: string[]
  /** Indicative port-to-port range for direct or single-transhipment services, e.g. '10–14 days'. */
  oceanTransit: string
  /** Indicative airport-to-airport range including typical connection time. */
  airTransit: string
  href?: string
}

export interface TradelanesPage extends Page {
  lanes: TradeLane[]
  disclaimer: string
}

export interface FaqPage extends Page {
  groups: FaqGroup[]
}

export interface BlogIndexPage extends Page {
  /** Other paths that show the same index (the spec lists both /info/blogs and /info/blog). */
  aliases: string[]
}

export interface ContactPage extends Page {
  formHeading: string
  formIntro: string
}

export interface LegalPage extends Page {
  /** ISO date (YYYY-MM-DD). */
  lastUpdated: string
}

export type BlogSlug =
  | 'air-freight-vs-ocean-freight-when-speed-outweighs-cost'
  | 'streamlining-global-shipping-how-our-logistics-platform-simplifies-lcl-fcl-and-air-freight'
  | 'how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl'

/** A full blog article at /info/blogs/{slug}. `h1` is the article title. */
export interface Article {
  slug: BlogSlug
  meta: PageMeta
  h1: string
  excerpt: string
  author: string
  /** ISO date (YYYY-MM-DD). */
  publishedOn: string
  readingTimeMinutes: number
  intro: string[]
  sections: Section[]
}

/** A home-page blog card. Its title is deliberately not the title of the article it opens (spec section 2). */
export interface BlogTeaser {
  title: string
  excerpt: string
  slug: BlogSlug
  href: string
}

export type Party = 'Seller' | 'Buyer'

export type IncotermCode =
  | 'EXW'
  | 'FCA'
  | 'CPT'
  | 'CIP'
  | 'DAP'
  | 'DPU'
  | 'DDP'
  | 'FAS'
  | 'FOB'
  | 'CFR'
  | 'CIF'

/** 'any' = any mode or modes of transport; 'sea' = sea and inland waterway transport only. */
export type IncotermMode = 'any' | 'sea'

export interface Incoterm {
  code: IncotermCode
  name: string
  mode: IncotermMode
  /** How the rule is named in a contract, e.g. 'FOB (named port of shipment) Incoterms® 2020'. */
  usage: string
  riskTransfers: string
  mainCarriage: Party
  insurance: {
    /** The party obliged by the rule to insure, or null where neither party is obliged. */
    obligedParty: Party | null
    text: string
  }
  exportClearance: Party
  importClearance: Party
  whenToUse: string
}

export interface IncotermGroup {
  mode: IncotermMode
  heading: string
  text: string
  rules: Incoterm[]
}

export interface IncotermsPage extends Page {
  groups: IncotermGroup[]
}

export interface NavItem {
  label: string
  href: string
  children?: NavItem[]
}

export interface FooterLinkGroup {
  id: string
  heading: string
  links: Link[]
}

export interface HeroSlide {
  id: string
  heading: string
  text: string
  cta: Link
}

export type CargoType = '' | 'general' | 'hazardous'

export interface QuoteStrip {
  originLabel: string
  originPlaceholder: string
  destinationLabel: string
  destinationPlaceholder: string
  cargoLabel: string
  /** The first option (value '') is the placeholder 'Select Cargo'. */
  cargoOptions: { value: CargoType; label: string }[]
  buttonLabel: string
  buttonHref: string
}

export interface Step {
  step: number
  title: string
  text: string
}

export interface CountryServed {
  name: string
  /** ISO 3166-1 alpha-2, or null for a region (Middle East). */
  isoAlpha2: string | null
  /** Representative map-pin position in decimal degrees (WGS 84). */
  lon: number
  lat: number
  /** 'home-list': the spec's home-page list; 'other-statements': added from the spec's other statements. */
  source: 'home-list' | 'other-statements'
}

export interface Carrier {
  name: string
  mode: 'ocean' | 'air'
}

/** A WhatsApp number of the site configuration with its chat link. */
export interface WhatsAppLink extends SiteWhatsApp {
  /** wa.me link. */
  href: string
}

export interface SocialLink {
  network: SocialNetwork
  label: string
  href: string
}

/**
 * What the layout shows of the company: the identity comes from the site configuration (site.config.ts,
 * contract/site.ts), the words around it are content.
 */
export interface SiteContent {
  brand: string
  tagline: string
  legalName: string
  uen: string
  supportHours: string
  contact: {
    email: string
    address: { lines: string[]; country: string }
    phones: SitePhone[]
    whatsapp: WhatsAppLink[]
  }
  dataProtectionOfficer: { title: string; email: string }
  social: { links: SocialLink[] }
  partnerPlatform: Link
  whatsAppButtonLabel: string
  footer: {
    /** Two or three sentences. */
    about: string
    enquiryHeading: string
    contactHeading: string
    copyrightYear: number
    copyright: string
    /** The registered company name and UEN under the copyright. */
    registration: string
  }
}

/** A heading with a list of titled points (why choose us, advantages). */
export interface PointsBlock {
  heading: string
  intro?: string
  points: Item[]
}

export interface HomePage {
  path: string
  meta: PageMeta
  h1: string
  heroSlides: HeroSlide[]
  quoteStrip: QuoteStrip
  partnerPlatformLink: Link
  whyChooseUs: PointsBlock
  howItWorks: { heading: string; intro: string; steps: Step[] }
  services: { heading: string; intro: string; cards: LinkCard[] }
  offerBlock: { heading: string; text: string; cta: Link }
  aboutBlock: { heading: string; body: string[]; cta: Link }
  advantages: PointsBlock
  countries: { heading: string; text: string; list: CountryServed[] }
  carriers: { heading: string; text: string; disclaimer: string; list: Carrier[] }
  enrolCta: { heading: string; text: string; primary: Link; secondary: Link }
  blog: { heading: string; cta: Link; teasers: BlogTeaser[] }
}
