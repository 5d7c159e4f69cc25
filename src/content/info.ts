import { howItWorks } from './home'
import type { BlogIndexPage, FaqPage, LandingPage, Page } from './types'

/** The /info pages: the information hub, the quote landing page, the FAQs and the blog's index. */

export const infoPage: Page = {
  path: '/info',
  meta: {
    title: 'Shipping Guide: FCL, LCL, Air Freight and How It Works',
    description:
      'A practical guide to FCL, LCL and air freight from Singapore: how each is charged, when to use it, and how to ship with eShip in five steps.',
  },
  h1: 'Shipping Information',
  intro: [
    'Choosing how to ship comes down to volume, weight, urgency and budget. Here is how the three main options work, and how to ship with eShip.',
  ],
  sections: [
    {
      id: 'fcl',
      heading: 'FCL: Full Container Load',
      body: [
        "You book a whole 20', 40' or 40' high-cube container, priced per container. It is sealed at origin and not opened for consolidation, which means less handling and a more predictable transit. " +
          'FCL is usually the better value above about 13–15 CBM, or for heavy, fragile or high-value goods.',
      ],
      links: [{ label: 'FCL in detail', href: '/services/ocean-freight/fcl' }],
    },
    {
      id: 'lcl',
      heading: 'LCL: Less than Container Load',
      body: [
        'Your cargo shares a container with other shippers’ goods. You pay per revenue tonne on the weight-or-measure rule, where 1 CBM counts as 1,000 kg and the greater of the two is charged. ' +
          'LCL suits shipments from about 1 to 15 CBM; allow a few extra days for consolidation and deconsolidation.',
      ],
      links: [{ label: 'LCL in detail', href: '/services/ocean-freight/lcl' }],
    },
    {
      id: 'air-freight',
      heading: 'Air freight',
      body: [
        'The fastest option: typically one to three days airport to airport. You pay on chargeable weight, the greater of actual weight and volumetric weight (L × W × H in cm ÷ 6,000). ' +
          'Best for urgent, perishable or high-value goods.',
      ],
      links: [{ label: 'Air freight in detail', href: '/services/air-freight' }],
    },
    {
      id: 'how-it-works',
      heading: 'How it works',
      body: ['Shipping with eShip takes five steps:'],
      items: howItWorks.map((step) => ({ title: `${step.step}. ${step.title}`, text: step.text })),
    },
  ],
  ctas: [
    { label: 'Register', href: '/register' },
    { label: 'Request a Quote', href: '/info/landing' },
  ],
}

export const landingPage: LandingPage = {
  path: '/info/landing',
  meta: {
    title: 'Request a Quote: 10% Off Your First LCL Shipment',
    description:
      'Request a freight quote and get 10% off your first LCL shipment with eShip. 24x7 support, transparent pricing and a personalised dashboard for your business.',
  },
  h1: 'Request a Quote',
  intro: [
    'Tell us what you are shipping and where, and we will send you a quote. New customers get 10% off their first LCL shipment.',
  ],
  offer: {
    heading: '10% off your first LCL shipment',
    text: 'Ship your first less-than-container load with eShip and we will take 10% off the eligible charges on your invoice.',
    terms: [
      'The offer applies to the first LCL (less-than-container load) ocean shipment booked by a newly registered eShip company account.',
      'One discounted shipment per company, identified by its company registration number. Accounts created for the same company do not each qualify.',
      'The 10% discount applies to eShip’s freight and handling charges shown on the LCL quote. It does not apply to customs duties, GST or other taxes, insurance premiums, or charges collected by third parties, such as destination charges, demurrage, detention and storage.',
      'The shipment must be booked through the eShip platform within the validity of the quote.',
      'The offer cannot be combined with other discounts or contract rates and has no cash value.',
      'Normal acceptance rules apply: the shipment is subject to space, cargo acceptance and our Terms & Conditions.',
      'eShip may change or withdraw the offer by updating this page. Bookings confirmed before a change keep the terms in force when they were confirmed.',
    ],
  },
  benefits: [
    {
      title: '10% off your first LCL shipment',
      text: 'A discount on the freight and handling charges of your first shared-container shipment.',
    },
    { title: '24x7 support', text: 'Reach our team at any hour by email, phone or WhatsApp.' },
    { title: 'Transparent pricing', text: 'Itemised quotes that show every charge before you book.' },
    { title: 'Personalised dashboard', text: 'Your quotes, bookings and HBL tracking in one place.' },
  ],
  formHeading: 'Tell Us About Your Shipment',
  sections: [
    {
      id: 'what-we-need',
      heading: 'What to include in your request',
      body: ['The more precise the details, the more accurate the quote:'],
      items: [
        {
          title: 'Route',
          text: 'Origin and destination city or port, and whether you need pickup or delivery.',
        },
        { title: 'Mode', text: 'LCL, FCL or air, or ask us to compare.' },
        {
          title: 'Cargo',
          text: 'Description, number of packages, dimensions, gross weight, and whether the goods are hazardous.',
        },
        { title: 'Timing', text: 'When the cargo will be ready and when it needs to arrive.' },
        {
          title: 'Incoterms rule',
          text: 'The terms of sale, so we quote the right charges to the right party.',
        },
      ],
    },
  ],
  ctas: [{ label: 'Register for Instant Quotes', href: '/register' }],
}
export const faqsPage: FaqPage = {
  path: '/info/faqs',
  meta: {
    title: 'Frequently Asked Questions: Shipping with eShip',
    description:
      'Answers on registering, quotes, FCL, LCL and air freight charges, documents, customs and GST, cargo insurance, tracking and account security at eShip.',
  },
  h1: 'Frequently Asked Questions',
  intro: [
    'Quick answers to the questions we hear most. If yours is not here, contact us: our support team is available 24x7.',
  ],
  sections: [],
  groups: [
    {
      id: 'getting-started',
      heading: 'Getting started',
      faqs: [
        {
          question: 'Who can ship with eShip?',
          answer:
            'Businesses: importers, exporters and industrial companies shipping commercial cargo. We do not handle personal or household shipments.',
        },
        {
          question: 'What do I need to register?',
          answer:
            'Your name, company name, company registration number, business email, country, phone number and company address. The email address becomes your username.',
        },
        {
          question: 'I registered but cannot log in. Why?',
          answer:
            'New accounts must be activated. We email an activation link to the address you registered with; check your spam folder if you cannot find it, then log in once the account is active.',
        },
      ],
    },
    {
      id: 'quotes-and-pricing',
      heading: 'Quotes and pricing',
      faqs: [
        {
          question: 'How do instant quotes work?',
          answer:
            'Log in, enter origin, destination and cargo details, and the platform shows available FCL, LCL or air freight prices. You can add services such as customs clearance or insurance before confirming.',
        },
        {
          question: 'What does a quote include?',
          answer:
            'Each charge is listed separately: freight, carrier surcharges, terminal handling, documentation, permits and any services you added. Duties, taxes and charges outside the quote’s scope are stated as excluded.',
        },
        {
          question: 'How long is a quote valid?',
          answer:
            'For the period shown on the quote. Freight rates follow carrier tariffs and surcharges, which change frequently, so book within the validity to keep the price.',
        },
        {
          question: 'How does the 10% first LCL shipment offer work?',
          answer:
            'A newly registered company gets 10% off the freight and handling charges of its first LCL shipment booked through eShip. Full terms are on the Request a Quote page.',
        },
      ],
    },
    {
      id: 'shipping-modes',
      heading: 'FCL, LCL and air freight',
      faqs: [
        {
          question: 'Should I ship FCL or LCL?',
          answer:
            'As a rough guide, LCL is usually cheaper below about 13–15 CBM, and FCL above it. FCL is also better for fragile or high-value goods, because the container stays sealed from origin to destination.',
        },
        {
          question: 'How is LCL charged?',
          answer:
            'Per revenue tonne, on the weight-or-measure rule: 1 CBM counts as 1,000 kg, and you pay on whichever is greater. For example, 3 CBM weighing 900 kg is charged as 3 revenue tonnes.',
        },
        {
          question: 'How is air freight charged?',
          answer:
            'On chargeable weight: the greater of gross weight and volumetric weight, where volumetric weight is length × width × height in centimetres divided by 6,000.',
        },
        {
          question: 'Can you ship hazardous cargo?',
          answer:
            'Yes, when it is correctly classified, packed, marked and declared under the IMDG Code for sea or the IATA Dangerous Goods Regulations for air. Select Hazardous when requesting a quote and send us the safety data sheet; acceptance depends on the carrier.',
        },
      ],
    },
    {
      id: 'customs-and-insurance',
      heading: 'Customs, taxes and insurance',
      faqs: [
        {
          question: 'How much GST is payable on imports into Singapore?',
          answer:
            'GST is 9%, charged on the CIF value of the goods plus any duty and other charges. Customs duty itself applies only to intoxicating liquors, tobacco, motor vehicles, and petroleum products and biodiesel blends.',
        },
        {
          question: 'Which Incoterms rule should I use?',
          answer:
            'It depends on who should control and pay for the main carriage and who carries the risk. For container cargo, FCA, CPT or CIP usually fit better than FOB, CFR or CIF. See our Incoterms guide.',
        },
        {
          question: 'Do I need cargo insurance?',
          answer:
            'Carriers’ liability is limited by convention (for example 2 SDR per kg under the Hague-Visby Rules), so a serious loss may be only partly recovered. Insurance on ICC (A) terms, usually at 110% of the CIF value, covers the gap.',
        },
      ],
    },
    {
      id: 'tracking-and-account',
      heading: 'Tracking, support and your account',
      faqs: [
        {
          question: 'How do I track my shipment?',
          answer:
            'Log in and open HBL Tracking. Each shipment is listed by its house bill of lading number with its latest milestones.',
        },
        {
          question: 'Why was I logged out?',
          answer:
            'For security, sessions end after 15 minutes without activity. Log in again to continue; anything already saved to your account is kept.',
        },
        {
          question: 'It says I am logged in on another device. What do I do?',
          answer:
            'An account can have one active session at a time. Log out on the other device, then log in again here.',
        },
        {
          question: 'I have forgotten my password.',
          answer:
            'Choose Forgot Password on the login page and enter your registered email address. We will send a reset link to that address.',
        },
      ],
    },
  ],
  ctas: [{ label: 'Contact Us', href: '/contact-us' }],
}

export const blogIndexPage: BlogIndexPage = {
  path: '/info/blogs',
  aliases: ['/info/blog'],
  meta: {
    title: 'Blog: Freight, Customs and Shipping Insights',
    description:
      'Practical articles on ocean and air freight, container shipping trends, documentation and customs for businesses shipping to and from Singapore.',
  },
  h1: 'eShip Blog',
  intro: [
    'Practical guidance for people who ship for a living: choosing between modes, getting documents right, and what is changing in container shipping.',
  ],
  sections: [],
}
