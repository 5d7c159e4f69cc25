import type { ServicePage } from '../types'

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
