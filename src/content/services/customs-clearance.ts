import type { ServicePage } from '../types'

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
