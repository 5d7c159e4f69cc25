import type { Page, TradeLane, TradelanesPage } from './types'

/** The tradelanes: each lane's ports, airports and transit times, their overview page and the UAE's own page. */

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
