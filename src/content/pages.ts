import { countriesServed, howItWorks } from './home'
import { site } from './site'
import type {
  BlogIndexPage,
  ContactPage,
  FaqPage,
  LandingPage,
  Page,
  TradeLane,
  TradelanesPage,
} from './types'

const countryNames = countriesServed.map((country) => country.name).join(', ')

export const aboutPage: Page = {
  path: '/about-us',
  meta: {
    title: 'About Us: A Digital Freight Forwarder in Singapore',
    description:
      'eShip is a Singapore-based digital freight forwarder for businesses: ocean and air freight, customs clearance and cargo insurance, quoted and tracked online.',
  },
  h1: 'About eShip',
  intro: [
    'eShip is a digital freight forwarder based in Singapore. We help importers, exporters and industrial companies move commercial cargo by sea and air, and we run the whole process, from quote to delivery, online.',
  ],
  sections: [
    {
      id: 'our-story',
      heading: 'Our story',
      body: [
        'Freight forwarding has long depended on email chains, spreadsheets and phone calls: a quote takes days, documents go back and forth, and the only way to find a container is to ask someone. ' +
          'eShip was set up to change that for businesses that ship regularly but do not want to build a logistics department to do it.',
        'We combine an online platform, where customers get instant quotes, book, submit documents and track shipments, with an operations team in Singapore that books carriers, prepares permits and solves problems when cargo does not go to plan.',
      ],
    },
    {
      id: 'services',
      heading: 'What we do',
      body: [
        'We arrange ocean freight as full container loads and less-than-container loads, air freight through Changi Airport, customs clearance in Singapore and at destination, cargo insurance, and document support for every shipment.',
      ],
      links: [
        { label: 'FCL: Full Container Load', href: '/services/ocean-freight/fcl' },
        { label: 'LCL: Less than Container Load', href: '/services/ocean-freight/lcl' },
        { label: 'Air Freight', href: '/services/air-freight' },
        { label: 'Customs Clearance', href: '/services/custom-clearance' },
      ],
    },
    {
      id: 'industries',
      heading: 'Industries we serve',
      body: [
        'Our customers are businesses: we do not handle personal or household shipments. We regularly move cargo for companies in these sectors:',
      ],
      items: [
        {
          title: 'Manufacturing and industrial',
          text: 'Raw materials, components, machinery and spare parts.',
        },
        {
          title: 'Electronics',
          text: 'Components, finished devices and equipment, including goods with lithium batteries.',
        },
        {
          title: 'Retail and wholesale',
          text: 'Replenishment stock, seasonal ranges and multi-supplier consolidation.',
        },
        {
          title: 'Food and consumer goods',
          text: 'Packaged food and beverages, household products and personal care.',
        },
        {
          title: 'Chemicals',
          text: 'Hazardous and non-hazardous chemicals, declared and packed under the IMDG Code or IATA rules.',
        },
        { title: 'Automotive', text: 'Parts, accessories and workshop equipment.' },
      ],
    },
    {
      id: 'reach',
      heading: 'Our reach',
      body: [
        `Singapore sits on major east–west and intra-Asian shipping routes, with frequent sailings and flights to every major trading region. From here we ship to and from these markets: ${countryNames}. Partner agents at destination handle collection, clearance and delivery.`,
      ],
      links: [{ label: 'Tradelanes and transit times', href: '/info/tradelanes' }],
    },
    {
      id: 'why-choose',
      heading: 'Why businesses choose eShip',
      body: [],
      items: [
        {
          title: 'Instant, itemised quotes',
          text: 'Prices online in minutes, with every charge on its own line.',
        },
        {
          title: 'A personalised dashboard',
          text: 'Quotes, bookings and HBL tracking for your company in one account.',
        },
        { title: '24x7 support', text: 'A team you can reach at any hour by email, phone or WhatsApp.' },
        {
          title: 'One partner for freight, customs and insurance',
          text: 'Fewer hand-offs and one point of contact for the whole shipment.',
        },
      ],
    },
    {
      id: 'commitment',
      heading: 'Our commitment',
      body: [
        'We quote honestly, explain what is and is not included, and tell you early when something changes: a rolled booking, a schedule delay or a customs query. ' +
          'We handle your data in line with Singapore’s Personal Data Protection Act, and we trade under the Singapore Logistics Association’s standard trading conditions, so you know the terms before you ship.',
      ],
      links: [
        { label: 'Privacy Policy', href: '/info/privacy-policy' },
        { label: 'Terms & Conditions', href: '/info/terms-conditions' },
      ],
    },
    {
      id: 'contact',
      heading: 'Talk to us',
      body: [
        'Planning a shipment, comparing modes or looking for a new forwarder? Send us your enquiry and one of our team will get back to you.',
      ],
      links: [{ label: 'Contact Us', href: '/contact-us' }],
    },
  ],
  ctas: [
    { label: 'Create Account', href: '/register' },
    { label: 'Contact Us', href: '/contact-us' },
  ],
}

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

export const tradeLanes: TradeLane[] = [
  {
    id: 'malaysia',
    region: 'South-East Asia',
    destination: 'Malaysia',
    seaports: ['Port Klang', 'Penang', 'Pasir Gudang'],
    airports: ['Kuala Lumpur (KUL)', 'Penang (PEN)'],
    oceanTransit: '1–3 days',
    airTransit: '1 day',
  },
  {
    id: 'indonesia',
    region: 'South-East Asia',
    destination: 'Indonesia',
    seaports: ['Jakarta (Tanjung Priok)', 'Surabaya (Tanjung Perak)', 'Batam'],
    airports: ['Jakarta (CGK)', 'Surabaya (SUB)'],
    oceanTransit: '2–5 days',
    airTransit: '1–2 days',
  },
  {
    id: 'thailand',
    region: 'South-East Asia',
    destination: 'Thailand',
    seaports: ['Laem Chabang', 'Bangkok'],
    airports: ['Bangkok (BKK)'],
    oceanTransit: '3–6 days',
    airTransit: '1–2 days',
  },
  {
    id: 'vietnam',
    region: 'South-East Asia',
    destination: 'Vietnam',
    seaports: ['Ho Chi Minh City (Cat Lai)', 'Cai Mep', 'Haiphong'],
    airports: ['Ho Chi Minh City (SGN)', 'Hanoi (HAN)'],
    oceanTransit: '2–4 days (south), 5–8 days (Haiphong)',
    airTransit: '1–2 days',
  },
  {
    id: 'china',
    region: 'North Asia',
    destination: 'China',
    seaports: ['Shanghai', 'Ningbo', 'Shenzhen (Yantian, Shekou)', 'Qingdao'],
    airports: ['Shanghai (PVG)', 'Guangzhou (CAN)', 'Shenzhen (SZX)'],
    oceanTransit: '5–10 days',
    airTransit: '1–3 days',
  },
  {
    id: 'hong-kong',
    region: 'North Asia',
    destination: 'Hong Kong',
    seaports: ['Hong Kong'],
    airports: ['Hong Kong (HKG)'],
    oceanTransit: '4–6 days',
    airTransit: '1 day',
  },
  {
    id: 'taiwan',
    region: 'North Asia',
    destination: 'Taiwan',
    seaports: ['Kaohsiung', 'Keelung', 'Taichung'],
    airports: ['Taipei (TPE)'],
    oceanTransit: '5–8 days',
    airTransit: '1–2 days',
  },
  {
    id: 'japan',
    region: 'North Asia',
    destination: 'Japan',
    seaports: ['Tokyo', 'Yokohama', 'Nagoya', 'Osaka', 'Kobe'],
    airports: ['Tokyo (NRT)', 'Osaka (KIX)'],
    oceanTransit: '7–12 days',
    airTransit: '1–2 days',
  },
  {
    id: 'india',
    region: 'South Asia',
    destination: 'India',
    seaports: ['Nhava Sheva (JNPT)', 'Mundra', 'Chennai', 'Kolkata'],
    airports: ['Mumbai (BOM)', 'Delhi (DEL)', 'Chennai (MAA)', 'Bengaluru (BLR)'],
    oceanTransit: '5–8 days (east coast), 8–12 days (west coast)',
    airTransit: '1–2 days',
  },
  {
    id: 'sri-lanka',
    region: 'South Asia',
    destination: 'Sri Lanka',
    seaports: ['Colombo'],
    airports: ['Colombo (CMB)'],
    oceanTransit: '4–7 days',
    airTransit: '1 day',
  },
  {
    id: 'bangladesh',
    region: 'South Asia',
    destination: 'Bangladesh',
    seaports: ['Chattogram'],
    airports: ['Dhaka (DAC)'],
    oceanTransit: '7–14 days',
    airTransit: '1–2 days',
  },
  {
    id: 'pakistan',
    region: 'South Asia',
    destination: 'Pakistan',
    seaports: ['Karachi', 'Port Qasim'],
    airports: ['Karachi (KHI)', 'Lahore (LHE)'],
    oceanTransit: '10–16 days',
    airTransit: '1–3 days',
  },
  {
    id: 'uae',
    region: 'Middle East',
    destination: 'United Arab Emirates',
    seaports: ['Jebel Ali', 'Khalifa Port (Abu Dhabi)'],
    airports: ['Dubai (DXB)', 'Dubai World Central (DWC)', 'Abu Dhabi (AUH)'],
    oceanTransit: '10–16 days',
    airTransit: '1–2 days',
    href: '/info/tradelanes/uae',
  },
  {
    id: 'saudi-arabia',
    region: 'Middle East',
    destination: 'Saudi Arabia',
    seaports: ['Dammam (King Abdulaziz Port)', 'Jeddah Islamic Port'],
    airports: ['Riyadh (RUH)', 'Jeddah (JED)', 'Dammam (DMM)'],
    oceanTransit: '12–20 days',
    airTransit: '1–3 days',
  },
  {
    id: 'qatar',
    region: 'Middle East',
    destination: 'Qatar',
    seaports: ['Hamad Port'],
    airports: ['Doha (DOH)'],
    oceanTransit: '13–20 days',
    airTransit: '1–2 days',
  },
  {
    id: 'united-kingdom',
    region: 'Europe',
    destination: 'United Kingdom',
    seaports: ['Felixstowe', 'Southampton', 'London Gateway'],
    airports: ['London Heathrow (LHR)'],
    oceanTransit: '28–45 days',
    airTransit: '1–3 days',
  },
  {
    id: 'netherlands',
    region: 'Europe',
    destination: 'Netherlands',
    seaports: ['Rotterdam'],
    airports: ['Amsterdam (AMS)'],
    oceanTransit: '26–42 days',
    airTransit: '1–3 days',
  },
  {
    id: 'germany',
    region: 'Europe',
    destination: 'Germany',
    seaports: ['Hamburg', 'Bremerhaven'],
    airports: ['Frankfurt (FRA)'],
    oceanTransit: '28–45 days',
    airTransit: '1–3 days',
  },
  {
    id: 'france',
    region: 'Europe',
    destination: 'France',
    seaports: ['Le Havre', 'Fos-sur-Mer (Marseille)'],
    airports: ['Paris (CDG)'],
    oceanTransit: '24–42 days',
    airTransit: '1–3 days',
  },
  {
    id: 'spain',
    region: 'Europe',
    destination: 'Spain',
    seaports: ['Valencia', 'Barcelona', 'Algeciras'],
    airports: ['Madrid (MAD)', 'Barcelona (BCN)'],
    oceanTransit: '22–40 days',
    airTransit: '1–3 days',
  },
  {
    id: 'usa',
    region: 'Americas',
    destination: 'United States',
    seaports: ['Los Angeles', 'Long Beach', 'New York / New Jersey', 'Savannah'],
    airports: ['Los Angeles (LAX)', 'Chicago (ORD)', 'New York (JFK)'],
    oceanTransit: '16–24 days (West Coast), 28–42 days (East Coast)',
    airTransit: '1–3 days',
  },
  {
    id: 'australia',
    region: 'Oceania',
    destination: 'Australia',
    seaports: ['Fremantle', 'Melbourne', 'Sydney', 'Brisbane'],
    airports: ['Sydney (SYD)', 'Melbourne (MEL)', 'Perth (PER)'],
    oceanTransit: '6–10 days (Fremantle), 10–16 days (east coast)',
    airTransit: '1–2 days',
  },
]

export const tradelanesPage: TradelanesPage = {
  path: '/info/tradelanes',
  meta: {
    title: 'Tradelanes from Singapore: Indicative Transit Times',
    description:
      'Main ocean and air freight lanes from Singapore to Asia, the Middle East, Europe, the USA and Australia, with indicative transit times and gateway ports.',
  },
  h1: 'Tradelanes from Singapore',
  intro: [
    'Singapore is one of the world’s busiest transhipment hubs, with direct services to most major ports and airports. The table below shows our main lanes, the gateways we use and typical transit times.',
  ],
  lanes: tradeLanes,
  disclaimer:
    'Transit times are indicative, port to port or airport to airport, for direct or single-transhipment services. They exclude pickup, customs clearance, consolidation and delivery, and they change with carrier schedules, port congestion and routing. ' +
    'At the time of writing many Asia–Europe and some Asia–US East Coast services route via the Cape of Good Hope instead of the Suez Canal, which is reflected in the upper end of those ranges. Your quote shows the schedule for your booking.',
  sections: [
    {
      id: 'reading-the-table',
      heading: 'Reading transit times',
      body: [
        'Ocean times run from the vessel’s departure from Singapore to its arrival at the destination port. Add time for cargo to reach the terminal before cut-off, for discharge, and for clearance and delivery. LCL shipments also need a few days for consolidation and deconsolidation.',
        'Air times include typical connection times. Cargo can fly the same or next day once it is screened and lodged with the airline.',
      ],
    },
    {
      id: 'other-lanes',
      heading: 'Lanes not listed',
      body: [
        'We ship to many destinations beyond these main lanes. Request a quote and we will confirm routing and transit time.',
      ],
      links: [{ label: 'Request a Quote', href: '/info/landing' }],
    },
  ],
  ctas: [{ label: 'Singapore–UAE lane in detail', href: '/info/tradelanes/uae' }],
}

export const uaeTradelanePage: Page = {
  path: '/info/tradelanes/uae',
  meta: {
    title: 'Singapore to UAE Shipping: Jebel Ali, Khalifa, Dubai',
    description:
      'Ship from Singapore to the UAE by sea to Jebel Ali or Khalifa Port, or by air to Dubai and Abu Dhabi. Indicative transit times, documents and duties.',
  },
  h1: 'Singapore to UAE',
  intro: [
    'The United Arab Emirates is the Gulf’s main trading and re-export hub, and Singapore has frequent direct ocean and air services to it. We ship FCL, LCL and air freight to Dubai, Abu Dhabi and the other emirates.',
  ],
  sections: [
    {
      id: 'gateways',
      heading: 'Gateways',
      body: [],
      items: [
        {
          title: 'Jebel Ali (Dubai)',
          text: 'The UAE’s largest container port, next to the Jebel Ali Free Zone (JAFZA).',
        },
        {
          title: 'Khalifa Port (Abu Dhabi)',
          text: 'Abu Dhabi’s main container port, serving the Khalifa Economic Zones Abu Dhabi (KEZAD).',
        },
        {
          title: 'Dubai International (DXB)',
          text: 'Passenger-hub airport with extensive belly-hold cargo capacity.',
        },
        {
          title: 'Dubai World Central (DWC)',
          text: 'Al Maktoum International, used heavily by freighter operators.',
        },
        { title: 'Abu Dhabi (AUH)', text: 'For cargo destined for Abu Dhabi and the west of the UAE.' },
      ],
    },
    {
      id: 'transit-times',
      heading: 'Indicative transit times',
      body: [
        'Times are port to port or airport to airport and exclude pickup, clearance and delivery. They vary with the carrier and schedule; your quote shows the sailing or flight for your booking.',
      ],
      table: {
        caption: 'Singapore to UAE: indicative transit times',
        columns: ['Mode', 'Route', 'Transit'],
        rows: [
          ['FCL', 'Singapore – Jebel Ali', '10–14 days'],
          ['FCL', 'Singapore – Khalifa Port', '11–16 days'],
          ['LCL', 'Singapore – Jebel Ali', '14–20 days including consolidation'],
          ['Air', 'Singapore (SIN) – Dubai (DXB or DWC)', '1–2 days'],
          ['Air', 'Singapore (SIN) – Abu Dhabi (AUH)', '1–2 days'],
        ],
      },
    },
    {
      id: 'documents',
      heading: 'Documents',
      body: [
        'UAE Customs requires accurate, consistent documents. Make sure the consignee named on the bill of lading or air waybill is the importer who will clear the goods.',
      ],
      items: [
        {
          title: 'Commercial invoice',
          text: 'With HS codes, country of origin, quantities, values and currency. Invoices above a value threshold (AED 10,000 at the time of writing) generally need attestation by the UAE Ministry of Foreign Affairs, arranged by the importer.',
        },
        { title: 'Packing list', text: 'Matching the invoice, with weights and package counts.' },
        {
          title: 'Bill of lading or air waybill',
          text: 'Issued to the UAE importer or their nominated party.',
        },
        {
          title: 'Certificate of origin',
          text: 'Needed for clearance; a preferential certificate is required to claim reduced duty under the GCC–Singapore Free Trade Agreement where the goods qualify.',
        },
        { title: 'Singapore export permit', text: 'Declared through TradeNet before export.' },
        {
          title: 'Approvals for controlled goods',
          text: 'Food, cosmetics, medical products, chemicals and telecommunications equipment need registration or approval from the relevant UAE authority before import.',
        },
      ],
    },
    {
      id: 'duties-and-taxes',
      heading: 'Duties and taxes in the UAE',
      body: [
        'The UAE applies the GCC Common Customs Tariff, generally 5% of the CIF value, with exemptions and higher rates for some goods, and 5% VAT on imports. ' +
          'Goods moved into a free zone such as JAFZA or KEZAD can be held without paying duty until they enter the UAE’s local market. The importer needs a valid trade licence and customs registration.',
      ],
    },
  ],
  ctas: [
    { label: 'Get a Quote to the UAE', href: '/register' },
    { label: 'All tradelanes', href: '/info/tradelanes' },
  ],
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

export const contactPage: ContactPage = {
  path: '/contact-us',
  meta: {
    title: 'Contact Us: Freight Enquiries and Support',
    description:
      'Send eShip an enquiry about LCL, FCL or air freight from Singapore. Our team replies by email or phone, and support is available 24x7 by WhatsApp.',
  },
  h1: 'Contact Us',
  intro: [
    'Whether you are planning your first shipment or looking for a better way to manage regular freight, we are happy to help. Send us your enquiry and one of our team will get back to you.',
  ],
  formHeading: 'Get in Touch',
  formIntro: 'Tell us a little about your business and your shipment. All fields are required.',
  sections: [
    {
      id: 'other-ways',
      heading: 'Other ways to reach us',
      body: [
        `Our support team is available ${site.supportHours} by email, phone and WhatsApp. For an existing booking, please quote your house bill of lading number so that we can find it quickly.`,
      ],
    },
  ],
}

export const thankYouPage: Page = {
  path: '/contact-us/thank-you',
  meta: {
    title: 'Thank You for Your Enquiry',
    description:
      'Thank you for contacting eShip. We have received your enquiry and one of our agents will get back to you shortly by email or phone.',
  },
  h1: 'Thank You',
  intro: [
    'Thank you for your enquiry. We have received your message, and one of our agents will get back to you shortly.',
    'In the meantime, you can register for an account to see instant quotes for FCL, LCL and air freight.',
  ],
  sections: [],
  ctas: [
    { label: 'Back to Home', href: '/home' },
    { label: 'Create Account', href: '/register' },
  ],
}

export const loginPage: Page = {
  path: '/login',
  meta: {
    title: 'Member Login: Quotes, Bookings and Tracking',
    description:
      'Log in to your eShip account to get instant freight quotes, manage bookings and track shipments by house bill of lading on your personalised dashboard.',
  },
  h1: 'Member Login',
  intro: ['Log in to view your quotes, bookings and shipment tracking.'],
  sections: [],
  ctas: [{ label: 'New to eShip? Register', href: '/register' }],
}

export const registerPage: Page = {
  path: '/register',
  meta: {
    title: 'Register Your Company for Instant Freight Quotes',
    description:
      'Create an eShip business account to get instant FCL, LCL and air freight quotes, book shipments, submit documents and track deliveries online.',
  },
  h1: 'Create Your Company Account',
  intro: [
    'Register your business to get instant quotes, book shipments and track them on your own dashboard. We will email you a link to activate your account.',
  ],
  sections: [],
  ctas: [{ label: 'Already registered? Login', href: '/login' }],
}
