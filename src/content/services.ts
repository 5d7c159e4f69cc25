import type { LinkCard, ServicePage, ServicesIndexPage } from './types'

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

export const cargoInsurancePage: ServicePage = {
  key: 'cargo-insurance',
  path: '/services/cargo-insurance',
  meta: {
    title: 'Cargo Insurance: Institute Cargo Clauses A, B and C',
    description:
      "Insure sea and air cargo against loss or damage in transit. How ICC (A), (B) and (C) differ, insured value at 110% of CIF, and what to do if there's a claim.",
  },
  h1: 'Cargo Insurance',
  intro: [
    'Carriers’ liability for lost or damaged cargo is limited by international conventions and is often far below the value of the goods. Cargo insurance covers the gap, and eShip can add it to any booking.',
  ],
  sections: [
    {
      id: 'what-it-is',
      heading: 'What it is',
      body: [
        'Marine cargo insurance pays for physical loss of or damage to goods in transit, by sea, air or land, on the terms of the policy. ' +
          'We arrange cover with licensed insurers on the Institute Cargo Clauses (ICC) and issue an insurance certificate with your shipment. The insurer’s policy wording governs the cover.',
      ],
      items: [
        {
          title: 'ICC (A): widest cover',
          text: 'Covers all risks of loss or damage except those specifically excluded. The usual choice for manufactured goods.',
        },
        {
          title: 'ICC (B): named perils',
          text: 'Covers the (C) perils plus earthquake, volcanic eruption or lightning, washing overboard, entry of sea, lake or river water into the vessel, container or place of storage, and total loss of a package lost overboard or dropped while loading or unloading.',
        },
        {
          title: 'ICC (C): minimum cover',
          text: 'Covers major casualties only: fire or explosion, the vessel stranded, grounded, sunk or capsized, overturning or derailment of land transport, collision, discharge at a port of distress, general average sacrifice and jettison.',
        },
        {
          title: 'Air cargo',
          text: 'Air shipments are insured on the Institute Cargo Clauses (Air), which are broadly equivalent to all-risks cover.',
        },
      ],
      table: {
        caption: 'What carriers pay without insurance',
        columns: ['Mode', 'Usual liability regime', 'Limit'],
        rows: [
          [
            'Sea',
            'Hague-Visby Rules',
            '666.67 SDR per package or 2 SDR per kg of gross weight, whichever is higher',
          ],
          ['Air', 'Montreal Convention', '26 SDR per kg (from 28 December 2024)'],
        ],
        notes: [
          'SDR = Special Drawing Right, a unit of account of the International Monetary Fund. Carriers are not liable at all for some causes, such as perils of the sea or insufficient packing, and in a general average event cargo owners must contribute before their cargo is released.',
        ],
      },
    },
    {
      id: 'when-to-choose',
      heading: 'When to insure',
      body: [
        'Insure when the Incoterms rule leaves the risk of loss with you during the main carriage and you would struggle to absorb the loss of the goods. ' +
          'Under CIF and CIP the seller must insure for the buyer’s benefit (CIF: at least ICC (C); CIP: ICC (A)), so the buyer may want to top up CIF cover. Under EXW, FCA, FAS, FOB, CFR and CPT the buyer carries the risk of the main voyage.',
      ],
      links: [{ label: 'See who carries the risk under each Incoterms rule', href: '/info/incoterms' }],
    },
    {
      id: 'whats-included',
      heading: 'What is included',
      items: [
        {
          title: 'Choice of clauses',
          text: 'ICC (A), (B) or (C) for sea, or ICC (Air), matched to your goods and packing.',
        },
        {
          title: 'War and strikes cover',
          text: 'Institute War Clauses (Cargo) and Institute Strikes Clauses (Cargo), which the standard clauses exclude, can be added.',
        },
        {
          title: 'Warehouse-to-warehouse',
          text: 'Cover that normally starts when the goods leave the named warehouse and ends on delivery to the final warehouse, subject to the clauses’ time limits.',
        },
        { title: 'Insurance certificate', text: 'Issued for each shipment, for your records or your bank.' },
      ],
      body: [
        'Standard exclusions apply under every set of clauses, including wilful misconduct, ordinary leakage and wear, insufficient packing, inherent vice and delay.',
      ],
    },
    {
      id: 'pricing',
      heading: 'How pricing works',
      body: [
        'The premium is a rate multiplied by the insured value. The customary insured value is the CIF value plus 10% (110% of CIF), which also matches the minimum required of the seller under the CIF and CIP rules. ' +
          'The rate depends on the commodity, packing, route, mode and clauses chosen, and a minimum premium per shipment applies. The premium appears as its own line on your quote.',
      ],
    },
    {
      id: 'documents',
      heading: 'Documents needed',
      body: ['To insure: the commercial invoice and the shipment details (route, mode, packing). To claim:'],
      items: [
        { title: 'Insurance certificate', text: 'The certificate issued for the shipment.' },
        {
          title: 'Transport documents',
          text: 'Bill of lading or air waybill, commercial invoice and packing list.',
        },
        {
          title: 'Evidence of loss',
          text: 'Photographs, a survey report, and the delivery receipt with the damage noted on it.',
        },
        {
          title: 'Notice to the carrier',
          text: 'A copy of your written claim to the carrier, sent within the convention time limits.',
        },
      ],
    },
  ],
  faqs: [
    {
      question: 'What should I do if cargo arrives damaged?',
      answer:
        'Note the damage on the delivery receipt, keep the goods and packaging, take photographs, tell us and the insurer straight away so that a surveyor can be appointed, and give the carrier written notice of the loss.',
    },
    {
      question: 'Does insurance cover delay?',
      answer:
        'No. Loss caused by delay is excluded under the Institute Cargo Clauses, even if the delay results from an insured peril.',
    },
    {
      question: 'Can I insure after the goods have sailed?',
      answer:
        'Cover must be arranged before the goods start their journey and before any loss is known. Request insurance when you book.',
    },
  ],
  related: [
    { label: 'Incoterms 2020', href: '/info/incoterms' },
    { label: 'Ocean freight', href: '/services/ocean-freight' },
    { label: 'Air freight', href: '/services/air-freight' },
  ],
  ctas: [{ label: 'Add Insurance to a Quote', href: '/register' }],
}

export const customsClearancePage: ServicePage = {
  key: 'custom-clearance',
  path: '/services/custom-clearance',
  meta: {
    title: 'Customs Clearance in Singapore: Permits, GST and HS',
    description:
      'Singapore Customs permits through TradeNet, HS classification, 9% import GST and Free Trade Zone rules, plus destination clearance and document support.',
  },
  h1: 'Customs Clearance',
  intro: [
    'Every import into and export from Singapore needs a customs permit. eShip prepares and submits permits as your declaring agent, classifies your goods and coordinates clearance at destination through partner agents.',
  ],
  sections: [
    {
      id: 'what-it-is',
      heading: 'What it is',
      body: [
        'Permits are declared to Singapore Customs electronically through TradeNet. To trade, your company needs a Unique Entity Number (UEN) and an activated customs account; we then declare on your behalf.',
        'Goods arriving at the port or Changi Airport first land in a Free Trade Zone (FTZ), such as those at the PSA terminals, Keppel Distripark, Jurong Port and the Changi Airfreight Centre. Duty and GST are suspended while goods remain in an FTZ and become payable when they are released into Singapore’s customs territory.',
      ],
      items: [
        {
          title: 'In-Payment permit',
          text: 'For imports on which GST, and duty where applicable, is payable at release.',
        },
        {
          title: 'In-Non-Payment permit',
          text: 'For imports where payment is not due at release, for example goods moving into a licensed warehouse or imported under a GST relief scheme.',
        },
        { title: 'Out permit', text: 'For exports and re-exports from Singapore.' },
        {
          title: 'Transhipment permit',
          text: 'For goods passing through Singapore on their way elsewhere, where a permit is required.',
        },
      ],
    },
    {
      id: 'duties-and-gst',
      heading: 'Duties, GST and HS codes',
      body: [
        'Goods and Services Tax (GST) of 9% applies to most imports, calculated on the CIF value plus any duty and other charges. ' +
          'Customs duty is levied only on four groups of goods: intoxicating liquors, tobacco products, motor vehicles, and petroleum products and biodiesel blends.',
        'Goods are classified under the ASEAN Harmonised Tariff Nomenclature (AHTN), an 8-digit system based on the international Harmonized System (HS). The code determines duty, whether the goods are controlled, and which licences are needed. ' +
          'Controlled goods, such as food, health products, chemicals and telecommunications equipment, need approval from the relevant competent authority before a permit can be issued.',
      ],
    },
    {
      id: 'when-to-choose',
      heading: 'When you need it',
      body: [
        'You need customs clearance for every commercial shipment in or out of Singapore, and at the other end of the journey. ' +
          'Add it to your booking if you do not have your own declaring agent, if your goods are controlled or dutiable, or if you want one party to handle both ends.',
      ],
    },
    {
      id: 'whats-included',
      heading: 'What is included',
      items: [
        {
          title: 'HS classification',
          text: 'We review your product descriptions and propose AHTN codes for your confirmation.',
        },
        {
          title: 'Permit preparation and submission',
          text: 'In, Out or Transhipment permits declared through TradeNet.',
        },
        {
          title: 'Duty and GST payment',
          text: 'Payable amounts calculated and paid from your account with Singapore Customs, or advanced by us and recharged at cost.',
        },
        {
          title: 'Licences and certificates',
          text: 'Coordination with competent authorities for controlled goods, and certificates of origin for your buyers.',
        },
        {
          title: 'Destination clearance',
          text: 'Import clearance at destination through partner customs brokers, when included in your quote.',
        },
      ],
      body: [],
    },
    {
      id: 'pricing',
      heading: 'How pricing works',
      body: [
        'You pay a fee per permit, plus any licence, inspection or certificate fees charged by the authorities. Duties and GST are government charges: they are passed on at cost and shown separately from our fees.',
      ],
    },
    {
      id: 'documents',
      heading: 'Documents and document support',
      body: [
        'Accurate documents are the quickest route through customs. Our team checks the set before it is lodged and helps you correct descriptions, values or HS codes that would otherwise cause queries or delays.',
        'Singapore Customs requires traders to keep trade documents for five years from the date of the permit, so keep copies of everything below.',
      ],
      items: [
        {
          title: 'Commercial invoice',
          text: 'Seller, buyer, description, HS code, quantity, unit price, total value, currency, country of origin and Incoterms rule.',
        },
        { title: 'Packing list', text: 'Packages, weights and dimensions, consistent with the invoice.' },
        { title: 'Bill of lading or air waybill', text: 'The transport document for the shipment.' },
        {
          title: 'Certificate of origin',
          text: 'Where the buyer needs one to claim preferential duty under a free trade agreement, or for non-preferential purposes.',
        },
        { title: 'Licences and permits', text: 'Approvals from competent authorities for controlled goods.' },
        {
          title: 'Product information',
          text: 'Specifications, brochures or safety data sheets to support classification.',
        },
      ],
    },
  ],
  faqs: [
    {
      question: 'Do I need a customs account to import into Singapore?',
      answer:
        'Yes. Your company needs a UEN and must activate its customs account with Singapore Customs before permits can be declared in its name. We can guide you through the activation.',
    },
    {
      question: 'What is the value used for import GST?',
      answer:
        'GST is charged on the CIF value (cost, insurance and freight to Singapore) plus any customs duty and other charges payable, at 9%.',
    },
    {
      question: 'Can you clear goods at the destination country?',
      answer:
        'Yes, through partner customs brokers. Import rules, duties and taxes differ by country; we confirm what the consignee needs to provide before the goods ship.',
    },
  ],
  related: [
    { label: 'Incoterms 2020', href: '/info/incoterms' },
    { label: 'Cargo insurance', href: '/services/cargo-insurance' },
    { label: 'FAQs', href: '/info/faqs' },
  ],
  ctas: [{ label: 'Ask About Customs Clearance', href: '/contact-us' }],
}

export const shipmentTrackingPage: ServicePage = {
  key: 'shipment-tracking',
  path: '/services/shipment-tracking',
  meta: {
    title: 'Shipment Tracking by House Bill of Lading (HBL)',
    description:
      'Follow every eShip shipment by its house bill of lading number on your personalised dashboard, from booking and departure through to delivery.',
  },
  h1: 'Shipment Tracking',
  intro: [
    'Once you book with eShip, every shipment appears on your personalised dashboard. Track it by its house bill of lading (HBL) number and see where it is in its journey.',
  ],
  sections: [
    {
      id: 'what-it-is',
      heading: 'What it is',
      body: [
        'HBL tracking in your account brings together the milestones of each shipment. Status updates come from carriers, terminals and our agents, and appear as they report them.',
      ],
      items: [
        {
          title: 'Booking confirmed',
          text: 'Space confirmed with the carrier, with the vessel or flight details.',
        },
        { title: 'Cargo received', text: 'Container loaded, or cargo received at the CFS or airline.' },
        { title: 'Departed', text: 'The vessel has sailed or the flight has left.' },
        { title: 'In transit', text: 'Transhipment and connection points along the route.' },
        { title: 'Arrived', text: 'Arrival at the destination port or airport.' },
        {
          title: 'Cleared and delivered',
          text: 'Import clearance completed and cargo delivered or released.',
        },
      ],
    },
    {
      id: 'when-to-choose',
      heading: 'Who it is for',
      body: [
        'Tracking is for anyone in your business who needs to know where stock is: purchasing teams planning production, sales teams promising delivery dates, and finance teams matching arrivals with invoices.',
      ],
    },
    {
      id: 'whats-included',
      heading: 'What is included',
      items: [
        {
          title: 'All shipments in one list',
          text: 'Ocean and air shipments together, searchable by HBL number.',
        },
        {
          title: 'Booking details',
          text: 'Origin, destination, mode, cargo summary and the quote it was booked on.',
        },
        {
          title: 'Support',
          text: 'If a milestone is late or looks wrong, our 24x7 support team can check with the carrier.',
        },
      ],
      body: [],
    },
    {
      id: 'pricing',
      heading: 'How pricing works',
      body: ['Tracking is included with shipments booked through eShip.'],
    },
    {
      id: 'documents',
      heading: 'What you need',
      body: [
        'An activated eShip account and a booked shipment. Your HBL number appears on your booking once it is issued; log in and open HBL Tracking to follow it.',
      ],
    },
  ],
  faqs: [
    {
      question: 'Why has my shipment not updated for several days?',
      answer:
        'During a long ocean leg there may be no new event between departure and the next port call. If a milestone you expect is overdue, contact support and we will check with the carrier.',
    },
    {
      question: 'Can my customer track the shipment too?',
      answer:
        'Tracking is part of your company account. Share the HBL number and status with your customer, or contact us to discuss access.',
    },
    {
      question: 'Are arrival dates guaranteed?',
      answer:
        'No. Estimated times of arrival come from carriers and can change with weather, port congestion and schedule changes. We update the dashboard as carriers revise them.',
    },
  ],
  related: [
    { label: 'How it works', href: '/info' },
    { label: 'Login', href: '/login' },
    { label: 'Register', href: '/register' },
  ],
  ctas: [
    { label: 'Log In to Track', href: '/login' },
    { label: 'Create an Account', href: '/register' },
  ],
}

export const servicePages: ServicePage[] = [
  oceanFreightPage,
  fclPage,
  lclPage,
  airFreightPage,
  cargoInsurancePage,
  customsClearancePage,
  shipmentTrackingPage,
]

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
