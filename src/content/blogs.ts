import type { Article } from './types'

const author = 'eShip Editorial'

export const airVsOceanArticle: Article = {
  slug: 'air-freight-vs-ocean-freight-when-speed-outweighs-cost',
  meta: {
    title: 'Air Freight vs Ocean Freight: When Speed Outweighs Cost',
    description:
      'Air costs more per kilogram, but slow freight has costs too. How to compare air and ocean freight on chargeable weight, transit time and inventory cost.',
  },
  h1: 'Air Freight vs Ocean Freight: When Speed Outweighs Cost',
  excerpt:
    'Air costs more per kilogram, but slow freight has costs of its own. How to weigh transit time, chargeable weight and inventory.',
  author,
  publishedOn: '2025-03-18',
  readingTimeMinutes: 5,
  intro: [
    'Ask most shippers whether to send a consignment by air or by sea and the first answer is about price: ocean freight is cheaper, so use it unless you cannot wait. That rule of thumb is usually right, but not always. ' +
      'The freight invoice is only one of the costs of moving goods. The time your stock spends at sea, the cash tied up in it, and the cost of a missed deadline can all outweigh the saving.',
    'This article sets out how the two modes are priced, how long they really take door to door, and a practical way to decide when speed is worth paying for.',
  ],
  sections: [
    {
      id: 'how-they-are-priced',
      heading: 'How each mode is priced',
      body: [
        'Air freight is charged on chargeable weight: the greater of the actual gross weight and the volumetric weight. Airlines calculate volumetric weight using the IATA factor of 6,000 cubic centimetres per kilogram, so you multiply length, width and height in centimetres and divide by 6,000. ' +
          'A cubic metre of cargo therefore counts as at least 166.67 kg, however light it is.',
        'Ocean freight works differently depending on the service. A full container load (FCL) is priced per container, whatever you put in it, within its weight limit. ' +
          'A less-than-container load (LCL) is priced per revenue tonne on the weight-or-measure rule: 1 cubic metre is treated as 1,000 kg, and you pay on whichever is greater.',
        'The gap between the two is a matter of density. Take a consignment of 2.5 CBM weighing 500 kg. By air, its volumetric weight is about 417 kg, so you pay on the actual 500 kg. By LCL, it is 2.5 revenue tonnes. ' +
          'Air rates per kilogram are usually many times the LCL rate per revenue tonne divided by 1,000, so on freight alone the sea option wins comfortably. The question is what else changes when you choose it.',
      ],
    },
    {
      id: 'door-to-door-time',
      heading: 'Transit time is longer than the sailing',
      body: [
        'Published transit times compare port to port or airport to airport. What matters to your business is door to door. ' +
          'For an LCL shipment from Singapore to northern Europe, the sailing itself may take four to six weeks on current routings, but you should also allow for delivery to the container freight station before the consolidation cut-off, waiting for the sailing, and deconsolidation and clearance at destination.',
        'An air shipment on the same lane is typically airborne within a day or two of lodgement and can be delivered within a week door to door, including screening and clearance. ' +
          'The real difference is therefore often four to six weeks, not the headline gap between a flight and a voyage.',
      ],
    },
    {
      id: 'cost-of-waiting',
      heading: 'What waiting costs',
      body: [
        'Goods in transit are inventory you have paid for but cannot sell or use. Finance teams usually put a carrying cost on inventory, covering the cost of capital, insurance, storage and the risk of obsolescence, expressed as a percentage of its value per year.',
        'A simple calculation makes the trade-off visible. Multiply the value of the goods by the annual carrying rate and by the number of days saved, then divide by 365. ' +
          'For goods worth SGD 200,000, an assumed carrying rate of 20% a year and 25 days saved, the saving is 200,000 × 0.20 × 25 ÷ 365, or about SGD 2,740. If the extra cost of flying is below that figure, air freight is cheaper in total.',
        'The calculation tips further towards air when the goods lose value quickly, such as fashion, consumer electronics and perishables, or when a delay stops something more valuable, such as a production line or a project handover.',
      ],
    },
    {
      id: 'when-air-wins',
      heading: 'When speed outweighs cost',
      body: ['In our experience, air freight is worth a serious look when one or more of these apply:'],
      items: [
        {
          title: 'High value for the weight',
          text: 'Electronics, pharmaceuticals, precision parts and luxury goods, where freight is a small share of the value.',
        },
        {
          title: 'A production or project deadline',
          text: 'A missing component can idle a line or delay a handover that costs far more than the freight.',
        },
        {
          title: 'Short shelf life',
          text: 'Perishables, seasonal stock and fast-moving products that lose value with every week in transit.',
        },
        {
          title: 'Samples and launches',
          text: 'Small quantities where the freight bill is modest and the timing matters.',
        },
        {
          title: 'Recovering from a delay',
          text: 'When an earlier ocean shipment has slipped and you need to bridge the gap.',
        },
      ],
    },
    {
      id: 'when-ocean-wins',
      heading: 'When ocean is the better choice',
      body: [
        'Ocean freight remains the right answer for most heavy, bulky or lower-value cargo, for planned replenishment, and for anything where a few weeks of lead time can be built into the order cycle. ' +
          'It is also the lower-carbon choice per tonne-kilometre by a wide margin, which increasingly matters to customers and to companies reporting their supply chain emissions.',
        'Once a shipment reaches roughly 13 to 15 cubic metres, compare an LCL quote with a 20-foot FCL quote. A full container often costs little more, avoids consolidation delays and reduces handling.',
      ],
    },
    {
      id: 'middle-ground',
      heading: 'The middle ground',
      body: [
        'The choice is not always all or nothing. Many shippers split an order, flying enough stock to cover the first weeks of demand and sending the balance by sea. ' +
          'Others keep air freight as a contingency: a standing plan to fly critical items when a sailing is delayed, rather than paying for speed on every shipment. Sea-air services, which move cargo by ocean to a hub such as Dubai and fly it onwards, can offer a compromise on some lanes.',
      ],
    },
    {
      id: 'decision-checklist',
      heading: 'A quick decision checklist',
      body: ['Before you book, answer these questions:'],
      items: [
        {
          title: 'What is the chargeable weight by air?',
          text: 'Measure every piece; bulky, light cargo can cost far more than its weight suggests.',
        },
        {
          title: 'What is the real door-to-door difference?',
          text: 'Include cut-offs, consolidation, clearance and delivery, not just the voyage.',
        },
        {
          title: 'What does a week of delay cost?',
          text: 'In carrying cost, lost sales, idle production or penalties.',
        },
        { title: 'Can the order be split?', text: 'Fly what you need now, ship the rest.' },
        {
          title: 'Are the goods restricted by air?',
          text: 'Lithium batteries and other dangerous goods face stricter rules and limits on air.',
        },
      ],
    },
    {
      id: 'how-eship-helps',
      heading: 'Comparing options with eShip',
      body: [
        'On the eShip platform you can request quotes for the same shipment as LCL, FCL and air freight and compare them side by side, with every charge itemised. ' +
          'If the answer is not obvious, our team can help you work through the numbers before you book.',
      ],
    },
  ],
}

export const streamliningArticle: Article = {
  slug: 'streamlining-global-shipping-how-our-logistics-platform-simplifies-lcl-fcl-and-air-freight',
  meta: {
    title: 'How Our Platform Simplifies LCL, FCL and Air Freight',
    description:
      'From instant quotes to HBL tracking: how the eShip platform takes the email chains out of booking LCL, FCL and air freight, step by step.',
  },
  h1: 'Streamlining Global Shipping: How Our Logistics Platform Simplifies LCL, FCL and Air Freight',
  excerpt:
    'From instant quotes to HBL tracking: how a digital platform takes the email chains out of booking LCL, FCL and air freight.',
  author,
  publishedOn: '2025-05-06',
  readingTimeMinutes: 4,
  intro: [
    'For many businesses, booking international freight still means a long email chain. You ask for a rate, wait a day or two for a reply, discover it excludes half the charges, send documents back and forth, and then chase for updates once the cargo has left. ' +
      'None of this is difficult, but all of it is slow, and the information ends up scattered across inboxes.',
    'We built eShip to put that process in one place. This article walks through how the platform handles each stage of a shipment, and what stays the same, because some parts of freight will always need people.',
  ],
  sections: [
    {
      id: 'one-account',
      heading: 'One account for your company',
      body: [
        'Everything starts with a company account. You register with your business details, including your company registration number, and activate the account through a link we email to you. ' +
          'Because eShip is built for businesses only, the account belongs to your company: quotes, bookings and shipment history are kept together rather than in individual inboxes.',
        'Once you log in, your personalised dashboard brings together your quotes, your bookings and the tracking of every shipment by house bill of lading (HBL) number.',
      ],
    },
    {
      id: 'instant-quotes',
      heading: 'Instant quotes, fully itemised',
      body: [
        'Enter the origin, destination and cargo details and the platform returns prices straight away. You can compare LCL, FCL and air freight for the same consignment and see how the mode changes both cost and timing.',
        'Each quote lists its charges line by line: the base freight, carrier surcharges such as bunker or low-sulphur adjustments, terminal handling, documentation and permit fees, and anything you add. ' +
          'Charges outside the quote, such as import duties and taxes, are shown as excluded rather than left for you to discover. Transparent pricing is not a slogan here; it is simply how the quote is laid out.',
      ],
    },
    {
      id: 'mode-specific',
      heading: 'The same steps for every mode',
      body: ['Each mode has its own rules, and the platform applies them for you:'],
      items: [
        {
          title: 'LCL',
          text: 'Priced per revenue tonne on the weight-or-measure rule, where 1 CBM counts as 1,000 kg. Cargo is consolidated at a container freight station in Singapore and charges are finalised on the measured figures.',
        },
        {
          title: 'FCL',
          text: "Priced per 20', 40' or 40' high-cube container, with haulage, verified gross mass submission and terminal handling shown separately.",
        },
        {
          title: 'Air freight',
          text: 'Priced on chargeable weight, the greater of actual weight and volumetric weight at the IATA factor of 1:6000, in weight bands that fall as the shipment gets heavier.',
        },
      ],
    },
    {
      id: 'booking',
      heading: 'Booking with additional services',
      body: [
        'When a quote suits you, you move to the quotation preview. Here you can add the services that usually need separate arrangements: Singapore customs permits, destination clearance and cargo insurance on Institute Cargo Clauses. ' +
          'You review the full price with the extras included, confirm the quotation, and the booking is created in your account.',
        'Behind the scenes our operations team books space with the carrier and confirms the sailing or flight. If space is tight or a schedule changes, we tell you and offer alternatives rather than leaving the booking to roll silently to the next vessel.',
      ],
    },
    {
      id: 'documents',
      heading: 'Documents without the back-and-forth',
      body: [
        'Documentation is where most shipments go wrong. A commercial invoice that does not match the packing list, a vague goods description, a missing HS code or a consignee name that differs between documents can hold cargo at origin or destination.',
        'On eShip you submit your documents against the booking, and our team checks them before they go to the carrier or to Singapore Customs. We look for the common problems: inconsistent weights and package counts, descriptions that will not satisfy customs, missing certificates of origin, and dangerous goods without a proper declaration and safety data sheet. ' +
          'Errors are raised with you while there is still time to fix them, not after the cut-off.',
      ],
    },
    {
      id: 'tracking',
      heading: 'Tracking in the same place',
      body: [
        'After departure the booking becomes a shipment you can follow by its HBL number. Milestones such as departure, transhipment, arrival, clearance and delivery appear as carriers and agents report them. ' +
          'Because tracking sits next to the quote and the documents, anyone in your team can answer the question "where is our stock?" without forwarding an email.',
      ],
    },
    {
      id: 'people',
      heading: 'Where people still matter',
      body: [
        'A platform can quote, record and display; it cannot negotiate with a terminal over a delayed container or explain to a customs officer why a product is classified the way it is. ' +
          'That is why eShip combines software with a team that offers 24x7 support by email, phone and WhatsApp. When something unexpected happens, you talk to someone who can see the same booking you can.',
      ],
    },
    {
      id: 'security',
      heading: 'Security by design',
      body: [
        'Shipping data is commercially sensitive, so the platform is careful with access. Each account can have one active session at a time, and sessions end automatically after 15 minutes without activity. ' +
          'If you are signed in on another device, you will be asked to log out there first. It is a small inconvenience that keeps your company’s shipment data under your control.',
      ],
    },
    {
      id: 'getting-started',
      heading: 'Getting started',
      body: [
        'Shipping with eShip takes five steps: register, get instant quotes, book, submit documents and track. If you are new to us, your first LCL shipment comes with 10% off, which makes a small consignment a low-risk way to try the platform.',
      ],
    },
  ],
}

export const containerFutureArticle: Article = {
  slug: 'how-container-shipping-is-evolving-what-to-expect-from-the-future-of-fcl-and-lcl',
  meta: {
    title: 'The Future of FCL and LCL: How Container Shipping Evolves',
    description:
      'Digital booking, electronic bills of lading, decarbonisation and route disruption: the changes shaping FCL and LCL shipping, and what they mean for shippers.',
  },
  h1: 'How Container Shipping Is Evolving: What to Expect from the Future of FCL and LCL',
  excerpt:
    'Digital booking, electronic documents and new fuels are changing how full and shared container loads are bought and moved.',
  author,
  publishedOn: '2025-07-22',
  readingTimeMinutes: 5,
  intro: [
    'The shipping container has barely changed in half a century. A 40-foot box loaded in Singapore today is essentially the one that revolutionised trade in the 1960s. ' +
      'Almost everything around it, however, is changing: how space is bought, how documents move, what fuels the ships and which routes they take.',
    'For businesses shipping full container loads (FCL) and less-than-container loads (LCL), these changes affect cost, lead times and paperwork. Here is what is shifting and how to prepare.',
  ],
  sections: [
    {
      id: 'digital-booking',
      heading: 'Buying freight online',
      body: [
        'The biggest change for most shippers is how freight is bought. Carriers and forwarders increasingly publish rates online and confirm bookings digitally, replacing quote requests that used to take days. ' +
          'Instant quotes make it practical to compare modes and services for each shipment instead of relying on a single annual contract rate.',
        'Rates themselves have become more dynamic. Surcharges for fuel, emissions and disruption now move more often than base freight, so the useful question is no longer just the price but what the price includes and how long it holds. Itemised quotes and clear validity dates matter more than ever.',
      ],
    },
    {
      id: 'electronic-documents',
      heading: 'Electronic bills of lading',
      body: [
        'The paper bill of lading, couriered between banks and buyers, is one of the last major paper processes in trade. The industry is moving towards electronic bills of lading (eBLs), and the legal basis is catching up. ' +
          'Singapore amended its Electronic Transactions Act in 2021 to recognise electronic transferable records, based on the UNCITRAL Model Law on Electronic Transferable Records, and several major carriers have committed to increasing eBL adoption over the coming years.',
        'For FCL shippers who trade on letters of credit, eBLs promise faster release and no more cargo waiting at destination for documents still in transit. Adoption depends on banks, buyers and carriers using compatible platforms, so expect paper and electronic documents to co-exist for some time.',
      ],
    },
    {
      id: 'data-and-visibility',
      heading: 'Better data, better visibility',
      body: [
        'Industry groups such as the Digital Container Shipping Association (DCSA) have published common standards for track-and-trace events, schedules and booking data. As carriers adopt them, container milestones become more consistent and easier to share. ' +
          'Shippers can expect tracking that shows not just "departed" and "arrived", but transhipment, gate-in and gate-out events, with revised estimates when schedules slip.',
        'The rules that already require accurate data are not going away. Since 2016, SOLAS has required a verified gross mass (VGM) for every packed export container before it is loaded, and customs authorities increasingly expect advance electronic cargo information. Good data at the start of a shipment is becoming a condition of moving at all.',
      ],
    },
    {
      id: 'decarbonisation',
      heading: 'Decarbonisation and what it costs',
      body: [
        'In 2023 the International Maritime Organization adopted a revised strategy targeting net-zero greenhouse gas emissions from international shipping by or around 2050. ' +
          'Carriers are ordering dual-fuel vessels able to run on LNG or methanol, and the European Union has brought shipping into its Emissions Trading System from 2024, with carriers passing the cost on as surcharges on trades to and from Europe.',
        'For shippers, the practical effects are new surcharge lines on quotes, growing requests from customers for emissions data per shipment, and the option, on some services, to pay for lower-emission transport. Filling containers well and choosing ocean over air where time allows remain the simplest ways to cut emissions per unit shipped.',
      ],
    },
    {
      id: 'disruption',
      heading: 'Disruption and longer routes',
      body: [
        'Since late 2023, security threats in the Red Sea have led many carriers to route Asia–Europe services around the Cape of Good Hope instead of through the Suez Canal, adding roughly ten days or more to voyages and absorbing vessel capacity. ' +
          'Together with port congestion and weather events, this has made transit times less predictable.',
        'The lesson for shippers is to plan with ranges rather than single dates, to build buffer stock for critical lines, and to keep alternatives, such as different carriers, transhipment hubs or air freight for urgent items, ready before they are needed.',
      ],
    },
    {
      id: 'hubs',
      heading: 'Bigger ships, bigger hubs',
      body: [
        'Container ships have grown to more than 20,000 TEU, concentrating cargo at fewer, larger hub ports. Singapore is building Tuas Port to consolidate its container terminals at a single automated site; according to the Maritime and Port Authority of Singapore, it will be able to handle up to 65 million TEU a year when fully completed in the 2040s. ' +
          'For shippers in the region this reinforces Singapore’s role as a transhipment and consolidation hub with frequent connections.',
      ],
    },
    {
      id: 'fcl-vs-lcl-future',
      heading: 'What this means for FCL and LCL',
      body: [
        'FCL will remain the backbone for regular, high-volume flows, with digital booking and eBLs cutting the administrative time around each container. Shippers who can commit volume will still secure better rates and more reliable space.',
        'LCL is likely to grow in importance. Smaller, more frequent orders reduce inventory and respond faster to demand, and digital consolidation makes it easier to quote, book and track shared container space with the same transparency as a full box. ' +
          'Expect clearer pricing on the weight-or-measure rule, better visibility of consolidation cut-offs, and more direct consolidation services from hubs like Singapore.',
      ],
    },
    {
      id: 'how-to-prepare',
      heading: 'How to prepare',
      body: ['A few practical steps will serve you well whatever changes next:'],
      items: [
        {
          title: 'Get your data right at source',
          text: 'Accurate descriptions, HS codes, weights and dimensions avoid delays and re-measurement charges.',
        },
        {
          title: 'Read quotes line by line',
          text: 'Know which surcharges apply and how long the rate is valid.',
        },
        {
          title: 'Plan with ranges',
          text: 'Use indicative transit ranges and keep buffer stock for critical items.',
        },
        {
          title: 'Review FCL versus LCL regularly',
          text: 'As order patterns change, the cheaper mode for a lane can change too.',
        },
        {
          title: 'Prepare for electronic documents',
          text: 'Talk to your bank and buyers about eBL readiness.',
        },
      ],
    },
  ],
}

/** The three articles, each at its own slug; the article title matches its slug. */
export const articles: Article[] = [airVsOceanArticle, streamliningArticle, containerFutureArticle]
