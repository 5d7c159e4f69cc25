import type { LinkCard, ServicesIndexPage } from '../types'

const serviceCards: LinkCard[] = [
  {
    title: 'Ocean Freight',
    text: 'FCL and LCL sea freight through the Port of Singapore, port to port or door to door.',
    href: '/services/ocean-freight',
  },
  {
    title: 'Air Freight',
    text: 'Time-critical cargo through Changi Airport, charged on actual or volumetric weight.',
    href: '/services/air-freight',
  },
  {
    title: 'Cargo Insurance',
    text: 'Institute Cargo Clauses (A), (B) or (C) cover, arranged with your booking.',
    href: '/services/cargo-insurance',
  },
  {
    title: 'Customs Clearance',
    text: 'Singapore Customs permits through TradeNet, HS classification, GST and destination clearance.',
    href: '/services/custom-clearance',
  },
  {
    title: 'Shipment Tracking',
    text: 'Follow every booking by its house bill of lading number on your dashboard.',
    href: '/services/shipment-tracking',
  },
]

export const servicesPage: ServicesIndexPage = {
  path: '/services',
  meta: {
    title: 'Freight Forwarding Services: Ocean, Air, Customs',
    description:
      'Ocean freight (FCL and LCL), air freight, customs clearance, cargo insurance and shipment tracking for businesses shipping to and from Singapore.',
  },
  h1: 'Our Services',
  intro: [
    'eShip handles the whole movement of your commercial cargo: the freight itself, the permits and paperwork around it, insurance against loss, and tracking until delivery. Choose a service to see how it works, what it costs and what we need from you.',
  ],
  sections: [
    {
      id: 'ocean-options',
      heading: 'Ocean freight options',
      body: ['Ocean freight comes in two forms, depending on how much you ship.'],
      links: [
        { label: 'FCL: Full Container Load', href: '/services/ocean-freight/fcl' },
        { label: 'LCL: Less than Container Load', href: '/services/ocean-freight/lcl' },
      ],
    },
  ],
  cards: serviceCards,
  ctas: [{ label: 'Get Instant Quotes', href: '/register' }],
}
