import type { ServicePage } from '../types'

export const oceanFreightPage: ServicePage = {
  key: 'ocean-freight',
  path: '/services/ocean-freight',
  meta: {
    title: 'Ocean Freight from Singapore: FCL and LCL Shipping',
    description:
      'Full container (FCL) and shared container (LCL) sea freight through the Port of Singapore, with instant quotes, customs permits and online tracking.',
  },
  h1: 'Ocean Freight',
  intro: [
    'Ocean freight is the most economical way to move large or heavy commercial cargo over long distances. ' +
      'eShip arranges sea freight to and from Singapore as full container loads (FCL) or less-than-container loads (LCL), ' +
      'port to port or door to door.',
  ],
  sections: [
    {
      id: 'what-it-is',
      heading: 'What it is',
      body: [
        'We book space with ocean carriers, prepare the shipping documents and coordinate everything around the sailing: ' +
          'haulage to and from the port, export and import permits, terminal handling and delivery. ' +
          'Cargo leaving Singapore moves through the PSA container terminals, with direct and transhipment services to ports across Asia, the Middle East, Europe, the Americas and Oceania.',
        'You choose between two ways of shipping. With FCL you have a container to yourself. With LCL your cargo is consolidated with other shippers’ goods at a container freight station (CFS) and shares the container.',
      ],
      links: [
        { label: 'FCL: Full Container Load', href: '/services/ocean-freight/fcl' },
        { label: 'LCL: Less than Container Load', href: '/services/ocean-freight/lcl' },
      ],
    },
    {
      id: 'when-to-choose',
      heading: 'When to choose ocean freight',
      body: [
        'Choose ocean freight when cost per kilogram matters more than speed: for heavy or bulky goods, regular replenishment stock, raw materials, machinery and anything that can be planned a few weeks ahead.',
        'As a rough guide, LCL is usually cheaper for shipments under about 13–15 cubic metres (CBM). Above that, compare an LCL quote with a 20-foot FCL quote; a full container often costs less and moves faster because it skips consolidation. ' +
          'If the goods are urgent, high in value for their weight, or perishable, compare with air freight.',
      ],
    },
    {
      id: 'whats-included',
      heading: 'What is included',
      body: [
        'Each quote lists exactly what is covered. A typical door-to-port or door-to-door ocean shipment can include:',
      ],
      items: [
        {
          title: 'Carrier booking',
          text: 'Space on a suitable sailing, confirmed with the carrier before cut-off.',
        },
        {
          title: 'Haulage',
          text: 'Container trucking or cargo pickup between your premises and the terminal or CFS.',
        },
        {
          title: 'Customs permits',
          text: 'Singapore export or import permits through TradeNet, and destination clearance through partner agents.',
        },
        {
          title: 'Terminal and CFS handling',
          text: 'Terminal handling charges at origin and, where agreed, at destination.',
        },
        {
          title: 'Documentation',
          text: 'House bill of lading (HBL), shipping instructions to the carrier and a document check before submission.',
        },
        { title: 'Tracking', text: 'Milestones on your dashboard from booking to delivery.' },
        { title: 'Optional cover', text: 'Cargo insurance on Institute Cargo Clauses, arranged on request.' },
      ],
    },
    {
      id: 'pricing',
      heading: 'How pricing works',
      body: [
        'FCL is priced per container; LCL is priced per revenue tonne (the greater of cubic metres or metric tonnes). ' +
          'On top of the base ocean freight you will see carrier surcharges such as the bunker adjustment factor (BAF) or low-sulphur surcharge, ' +
          'terminal handling charges (THC), documentation fees, haulage and permit fees.',
        'Destination charges, import duties and taxes depend on the Incoterms rule you trade on and are shown separately. ' +
          'Carriers allow a number of free days for the container at the terminal (demurrage) and outside it (detention); beyond that, daily charges apply, so plan collection promptly.',
      ],
      links: [{ label: 'Incoterms 2020 explained', href: '/info/incoterms' }],
    },
    {
      id: 'documents',
      heading: 'Documents needed',
      body: ['For most ocean shipments we need:'],
      items: [
        {
          title: 'Commercial invoice',
          text: 'Seller, buyer, goods description, HS codes, quantities, values, currency and the Incoterms rule.',
        },
        {
          title: 'Packing list',
          text: 'Number and type of packages, gross and net weights, dimensions and marks.',
        },
        {
          title: 'Shipping instructions',
          text: 'Shipper, consignee, notify party and the description as it should appear on the bill of lading.',
        },
        {
          title: 'Permits and certificates',
          text: 'Singapore Customs permit, certificate of origin where the buyer needs one, and any licences for controlled goods.',
        },
        {
          title: 'Dangerous goods',
          text: 'A dangerous goods declaration and safety data sheet (SDS) for hazardous cargo classified under the IMDG Code.',
        },
      ],
    },
  ],
  faqs: [
    {
      question: 'What is the difference between a master and a house bill of lading?',
      answer:
        'The carrier issues the master bill of lading (MBL) to the forwarder. The forwarder issues you a house bill of lading (HBL) naming your shipper and consignee. You track and release cargo using the HBL.',
    },
    {
      question: 'What are demurrage and detention?',
      answer:
        'Demurrage is charged when a full container stays at the terminal beyond its free days; detention is charged when the container is kept outside the terminal beyond its free days. Both are set by the carrier and quoted on request.',
    },
    {
      question: 'What is a telex release or sea waybill?',
      answer:
        'Both let the consignee collect the cargo without presenting original paper bills of lading. A telex release surrenders the originals at origin; a sea waybill is non-negotiable from the start. Neither suits shipments financed by a letter of credit.',
    },
  ],
  related: [
    { label: 'FCL shipping', href: '/services/ocean-freight/fcl' },
    { label: 'LCL shipping', href: '/services/ocean-freight/lcl' },
    { label: 'Tradelanes and transit times', href: '/info/tradelanes' },
  ],
  ctas: [{ label: 'Get an Ocean Freight Quote', href: '/register' }],
}
