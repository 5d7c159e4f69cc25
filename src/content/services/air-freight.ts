import type { ServicePage } from '../types'

export const airFreightPage: ServicePage = {
  key: 'air-freight',
  path: '/services/air-freight',
  meta: {
    title: 'Air Freight from Singapore Changi: Rates and Rules',
    description:
      'Air cargo through Changi Airport for time-critical shipments. Chargeable weight at 1:6000, rate breaks, dangerous goods rules and the documents needed.',
  },
  h1: 'Air Freight',
  intro: [
    'Air freight is the fastest way to move commercial cargo internationally. eShip books space with airlines through Changi Airport, handling export permits, security requirements and documents for you.',
  ],
  sections: [
    {
      id: 'what-it-is',
      heading: 'What it is',
      body: [
        'We collect your cargo, deliver it to the airline’s ground handler at the Changi Airfreight Centre, a Free Trade Zone at Changi Airport, and book it on a passenger aircraft’s hold or a freighter. ' +
          'Airport-to-airport transit is typically one to three days to most destinations, including connections.',
        'Cargo travels under a master air waybill (MAWB) issued by the airline and a house air waybill (HAWB) that we issue to you.',
      ],
    },
    {
      id: 'when-to-choose',
      heading: 'When to choose air freight',
      body: [
        'Choose air when time matters more than freight cost: urgent replacement parts, a production line waiting for components, product launches, samples, perishable or high-value goods. ' +
          'Goods that are valuable for their weight, such as electronics and pharmaceuticals, often carry a small freight cost relative to their value.',
        'For heavy, bulky or low-value cargo, ocean freight is normally far cheaper.',
      ],
    },
    {
      id: 'whats-included',
      heading: 'What is included',
      items: [
        {
          title: 'Airline booking',
          text: 'Space on a direct or connecting flight that meets your deadline.',
        },
        {
          title: 'Pickup and delivery to the airline',
          text: 'Collection from your premises and lodgement with the ground handler.',
        },
        {
          title: 'Security',
          text: 'Screening or secure handling in line with Singapore’s air cargo security requirements before loading.',
        },
        {
          title: 'Export permit and documents',
          text: 'Singapore Customs permit through TradeNet and your house air waybill.',
        },
        {
          title: 'Destination services',
          text: 'Import clearance and delivery through partner agents, when included in your quote.',
        },
      ],
      body: [],
    },
    {
      id: 'pricing',
      heading: 'How pricing works',
      body: [
        'Air freight is charged on chargeable weight: the greater of the actual gross weight and the volumetric weight. Volumetric weight uses the IATA factor of 6,000 cm³ per kilogram: length × width × height in centimetres, divided by 6,000. In other words, 1 CBM counts as 166.67 kg.',
        'Example: a pallet of 120 × 100 × 100 cm has a volumetric weight of 200 kg. If it weighs 250 kg, you pay for 250 kg; if it weighs 150 kg, you pay for 200 kg.',
        'Rates fall as weight rises, in bands (typically a minimum charge, then under 45 kg, 45 kg, 100 kg, 300 kg, 500 kg and 1,000 kg). Fuel and security surcharges, terminal handling, air waybill fees and permit fees are shown as separate lines.',
      ],
    },
    {
      id: 'documents',
      heading: 'Documents needed',
      items: [
        {
          title: 'Commercial invoice and packing list',
          text: 'With the dimensions and gross weight of every piece.',
        },
        { title: 'Customs permit', text: 'A Singapore Customs export permit, obtained through TradeNet.' },
        {
          title: 'Air waybill data',
          text: 'Shipper, consignee, notify party and goods description for the HAWB.',
        },
        {
          title: 'Dangerous goods',
          text: 'A Shipper’s Declaration for Dangerous Goods under the IATA Dangerous Goods Regulations and a safety data sheet. Lithium batteries need their UN number and packing instruction.',
        },
      ],
      body: [],
    },
  ],
  faqs: [
    {
      question: 'Can I ship lithium batteries by air?',
      answer:
        'Often yes, but they are regulated as dangerous goods under the IATA rules. Whether they can fly, and on passenger or cargo-only aircraft, depends on the battery type, watt-hour rating, state of charge and packing. Send us the battery specifications and SDS before booking.',
    },
    {
      question: 'Why is my chargeable weight higher than the actual weight?',
      answer:
        'Light but bulky cargo is charged on its volume. Divide length × width × height in centimetres by 6,000; if the result is greater than the gross weight, that is the chargeable weight.',
    },
    {
      question: 'How early should I book?',
      answer:
        'A few working days ahead is usually enough for general cargo. Book earlier for dangerous goods, oversized pieces and peak periods, when space is tighter.',
    },
  ],
  related: [
    { label: 'Ocean freight', href: '/services/ocean-freight' },
    { label: 'Customs clearance', href: '/services/custom-clearance' },
    {
      label: 'Air vs ocean: when speed outweighs cost',
      href: '/info/blogs/air-freight-vs-ocean-freight-when-speed-outweighs-cost',
    },
  ],
  ctas: [{ label: 'Get an Air Freight Quote', href: '/register' }],
}
