import type { ServicePage } from '../types'

export const fclPage: ServicePage = {
  key: 'fcl',
  path: '/services/ocean-freight/fcl',
  meta: {
    title: 'FCL Shipping from Singapore: 20ft, 40ft and 40ft HC',
    description:
      "Book full container load shipping in 20', 40' and 40' high-cube containers. Container sizes, payloads, VGM, pricing and the documents you need.",
  },
  h1: 'FCL: Full Container Load Shipping',
  intro: [
    'With a full container load you book an entire container for your cargo. It is loaded at your premises or a warehouse, sealed, and stays sealed until it reaches your consignee, unless customs chooses to inspect it.',
  ],
  sections: [
    {
      id: 'what-it-is',
      heading: 'What it is',
      body: [
        'FCL gives you exclusive use of a standard dry container. You pay per container, not per cubic metre, so you can fill it as fully as the weight limits allow. ' +
          'Because the container is not opened for consolidation, handling is reduced and transit is usually faster and more predictable than LCL.',
      ],
      table: {
        caption: 'Standard dry containers: typical internal dimensions and weights',
        columns: [
          'Container',
          'Internal L × W × H',
          'Door opening W × H',
          'Capacity',
          'Typical tare',
          'Typical max payload',
        ],
        rows: [
          ["20' standard", '5.90 × 2.35 × 2.39 m', '2.34 × 2.28 m', '33.2 CBM', '2,200 kg', '28,000 kg'],
          ["40' standard", '12.03 × 2.35 × 2.39 m', '2.34 × 2.28 m', '67.7 CBM', '3,750 kg', '26,700 kg'],
          ["40' high cube", '12.03 × 2.35 × 2.69 m', '2.34 × 2.58 m', '76.3 CBM', '3,900 kg', '26,500 kg'],
        ],
        notes: [
          'Figures vary by manufacturer and carrier; the tare and maximum gross weight are printed on each container door. Many containers are rated at 30,480 kg maximum gross mass, some higher.',
          'Usable volume is lower than capacity once packaging and stowage gaps are allowed for: plan on roughly 25–28 CBM in a 20′, 55–60 CBM in a 40′ and 65–70 CBM in a 40′ high cube.',
          'Road weight limits at origin or destination can be lower than the container rating. Heavy cargo such as metals or tiles often fills a 20′ by weight long before it is full by volume.',
        ],
      },
    },
    {
      id: 'when-to-choose',
      heading: 'When to choose FCL',
      body: [
        'Choose FCL when your shipment is more than about 13–15 CBM, when the goods are heavy, fragile or high in value and you want them handled as little as possible, or when you need the fastest and most predictable ocean transit. ' +
          'It is also the natural choice for a single supplier shipping to a single consignee on a regular schedule.',
        'Special equipment such as reefer, open-top and flat-rack containers can be quoted on request, subject to carrier availability.',
      ],
    },
    {
      id: 'whats-included',
      heading: 'What is included',
      items: [
        {
          title: 'Equipment release',
          text: 'An empty container released by the carrier and delivered to your loading point.',
        },
        {
          title: 'Haulage',
          text: 'Prime mover and trailer to your premises, waiting time for loading as quoted, and return of the laden container to the terminal.',
        },
        {
          title: 'VGM submission',
          text: 'The verified gross mass of the packed container submitted to the carrier before the cut-off, as SOLAS requires.',
        },
        {
          title: 'Export permit and documentation',
          text: 'Singapore Customs permit through TradeNet, shipping instructions and your house bill of lading.',
        },
        {
          title: 'Origin terminal handling',
          text: 'Terminal handling and loading on board the booked vessel.',
        },
        {
          title: 'Destination services',
          text: 'Import clearance, terminal handling and delivery through partner agents, when included in your quote.',
        },
      ],
      body: ['Your quote shows which of these apply to your shipment and Incoterms rule:'],
    },
    {
      id: 'pricing',
      heading: 'How pricing works',
      body: [
        'FCL is charged per container. The quote shows the ocean freight for the container size, carrier surcharges (for example BAF or low-sulphur surcharges, and peak season surcharges when the carrier applies them), ' +
          'terminal handling charges, documentation and seal fees, haulage and customs permit fees, each on its own line.',
        'Rates are tied to a carrier and sailing window and are valid for the period stated on the quote. Free days for demurrage and detention are set by the carrier; we show them on the booking so that you can plan loading and collection.',
      ],
    },
    {
      id: 'documents',
      heading: 'Documents needed',
      items: [
        {
          title: 'Commercial invoice and packing list',
          text: 'Matching descriptions, package counts and weights on both documents.',
        },
        {
          title: 'Shipping instructions',
          text: 'Shipper, consignee, notify party, cargo description and the type of bill of lading you need.',
        },
        {
          title: 'VGM declaration',
          text: 'The verified gross mass, signed by the shipper, by weighing the packed container or by adding the weights of all contents to the tare.',
        },
        {
          title: 'Customs permit',
          text: 'A Singapore Customs export permit, which we apply for through TradeNet using your invoice data.',
        },
        {
          title: 'Other documents as required',
          text: 'Certificate of origin, fumigation or phytosanitary certificate for wood packaging or plant products, and dangerous goods documents where relevant.',
        },
      ],
      body: [],
    },
  ],
  faqs: [
    {
      question: "How many pallets fit in a 20' container?",
      answer:
        "Usually 10 standard 1,200 × 1,000 mm pallets or 11 Euro pallets (1,200 × 800 mm) on the floor of a 20', and about twice that in a 40', before any double stacking.",
    },
    {
      question: 'Can I load the container at my own warehouse?',
      answer:
        'Yes. We arrange for the empty container to be delivered to you and collected once you have loaded and sealed it. Tell us the loading date and whether you need a side-loader or a standard trailer.',
    },
    {
      question: 'What happens if the container is overweight?',
      answer:
        'Carriers can refuse to load a container whose VGM exceeds its rating or the route’s limits, and extra charges can apply. Check weights before loading; we can advise on maximum payload for your route.',
    },
  ],
  related: [
    { label: 'LCL shipping', href: '/services/ocean-freight/lcl' },
    { label: 'Customs clearance', href: '/services/custom-clearance' },
    { label: 'Cargo insurance', href: '/services/cargo-insurance' },
  ],
  ctas: [{ label: 'Get an FCL Quote', href: '/register' }],
}
