import type { ServicePage } from '../types'

export const lclPage: ServicePage = {
  key: 'lcl',
  path: '/services/ocean-freight/lcl',
  meta: {
    title: 'LCL Shipping from Singapore: Consolidated Sea Freight',
    description:
      'Ship less than a container load and pay only for the space you use. How LCL consolidation and W/M charging work, plus 10% off your first LCL shipment.',
  },
  h1: 'LCL: Less than Container Load Shipping',
  intro: [
    'LCL lets you ship smaller consignments by sea without paying for a whole container. Your cargo is combined with other shippers’ goods in a shared container and separated again at destination.',
  ],
  sections: [
    {
      id: 'what-it-is',
      heading: 'What it is',
      body: [
        'You deliver your cargo, or we collect it, to a container freight station (CFS) in Singapore. There it is checked, measured and loaded together with other consignments going to the same destination port. ' +
          'At destination the container is unpacked at a CFS and your cargo is released to you or your customs broker.',
        'Because each shipment is consolidated and deconsolidated, allow a few extra days compared with FCL on the same route, and make sure the packaging can be handled and stacked with other cargo.',
      ],
    },
    {
      id: 'when-to-choose',
      heading: 'When to choose LCL',
      body: [
        'LCL suits shipments from about 1 CBM up to roughly 13–15 CBM, such as sample runs, replenishment stock, spare parts and orders from several small suppliers. ' +
          'It lets you ship more often in smaller lots instead of waiting to fill a container.',
        'For very small or very urgent shipments, compare with air freight; above about 15 CBM, compare with a 20′ FCL quote.',
      ],
    },
    {
      id: 'whats-included',
      heading: 'What is included',
      body: ['Depending on your quote:'],
      items: [
        { title: 'Pickup', text: 'Collection from your premises in Singapore and delivery to the CFS.' },
        {
          title: 'CFS handling',
          text: 'Receiving, measuring, labelling and loading your cargo into the consolidated container.',
        },
        {
          title: 'Export permit and documents',
          text: 'Singapore Customs permit, house bill of lading and a document check.',
        },
        { title: 'Ocean freight', text: 'Carriage in a consolidated container on a scheduled service.' },
        {
          title: 'Destination handling',
          text: 'Deconsolidation, import clearance and delivery through partner agents, when included.',
        },
      ],
    },
    {
      id: 'pricing',
      heading: 'How pricing works',
      body: [
        'LCL is charged per revenue tonne using the weight-or-measure (W/M) rule: 1 CBM is treated as equal to 1,000 kg, and you pay on whichever is greater, the volume in cubic metres or the weight in metric tonnes. Most consolidators apply a minimum of 1 revenue tonne.',
        'Example: a shipment of 2.4 CBM weighing 1,800 kg is charged as 2.4 revenue tonnes, because 2.4 CBM is more than 1.8 tonnes. A shipment of 1.2 CBM weighing 2,000 kg is charged as 2.0 revenue tonnes.',
        'The quote adds CFS charges, documentation and permit fees, and pickup or delivery where requested. Cargo is re-measured at the CFS, and the measured figures are used for the final invoice.',
      ],
    },
    {
      id: 'first-shipment-offer',
      heading: '10% off your first LCL shipment',
      body: [
        'New eShip customers get 10% off their first LCL shipment booked through the platform. See the offer page for the full terms.',
      ],
      links: [{ label: 'Claim the offer', href: '/info/landing' }],
    },
    {
      id: 'documents',
      heading: 'Documents needed',
      items: [
        {
          title: 'Commercial invoice and packing list',
          text: 'Including the dimensions and gross weight of every package.',
        },
        {
          title: 'Shipping instructions',
          text: 'Shipper, consignee, notify party and cargo description for the house bill of lading.',
        },
        { title: 'Customs permit', text: 'A Singapore Customs export permit, obtained through TradeNet.' },
        {
          title: 'Marks and labels',
          text: 'Each package marked with the shipment reference, consignee and package number (for example 1/12, 2/12).',
        },
        {
          title: 'Dangerous goods',
          text: 'Declaration and safety data sheet; not every consolidation service accepts every hazard class, so ask before you book.',
        },
      ],
      body: [],
    },
  ],
  faqs: [
    {
      question: 'How should LCL cargo be packed?',
      answer:
        'On pallets or in strong export cartons that can be stacked and handled by forklift, shrink-wrapped and clearly marked. Wooden packaging must be ISPM 15 treated and stamped.',
    },
    {
      question: 'Why is my invoice volume different from my quote?',
      answer:
        'The CFS measures each package on receipt. If the measured dimensions or weight differ from those you entered, the charges are recalculated on the measured figures.',
    },
    {
      question: 'Does LCL take longer than FCL?',
      answer:
        'Usually by a few days, because cargo waits for the consolidation cut-off and is unpacked at the destination CFS before release.',
    },
  ],
  related: [
    { label: 'FCL shipping', href: '/services/ocean-freight/fcl' },
    { label: 'First LCL shipment offer', href: '/info/landing' },
    { label: 'Air freight', href: '/services/air-freight' },
  ],
  ctas: [{ label: 'Get an LCL Quote', href: '/info/landing' }],
}
