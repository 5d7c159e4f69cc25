import type { Incoterm, IncotermGroup, IncotermsPage } from './types'

const noInsuranceObligation = (riskBearer: 'buyer' | 'seller'): Incoterm['insurance'] => ({
  obligedParty: null,
  text: `Neither party is obliged to insure. The ${riskBearer}, who bears the risk ${
    riskBearer === 'buyer' ? 'from delivery' : 'until delivery at destination'
  }, usually arranges cover.`,
})

/** Rules for any mode or modes of transport. */
export const anyModeRules: Incoterm[] = [
  {
    code: 'EXW',
    name: 'Ex Works',
    mode: 'any',
    usage: 'EXW (named place of delivery) Incoterms® 2020',
    riskTransfers:
      'When the seller places the goods at the buyer’s disposal at the named place (usually the seller’s premises), not loaded on any collecting vehicle.',
    mainCarriage: 'Buyer',
    insurance: noInsuranceObligation('buyer'),
    exportClearance: 'Buyer',
    importClearance: 'Buyer',
    whenToUse:
      'Domestic trade, or where the buyer can load the goods and clear them for export; in international trade FCA is usually the better choice.',
  },
  {
    code: 'FCA',
    name: 'Free Carrier',
    mode: 'any',
    usage: 'FCA (named place of delivery) Incoterms® 2020',
    riskTransfers:
      'When the goods are delivered to the carrier nominated by the buyer: loaded on the buyer’s collecting vehicle if the named place is the seller’s premises, or, at any other named place, on the seller’s vehicle ready for unloading.',
    mainCarriage: 'Buyer',
    insurance: noInsuranceObligation('buyer'),
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'Container shipments where the buyer controls the freight; the parties can agree that the buyer instructs its carrier to issue an on-board bill of lading to the seller.',
  },
  {
    code: 'CPT',
    name: 'Carriage Paid To',
    mode: 'any',
    usage: 'CPT (named place of destination) Incoterms® 2020',
    riskTransfers:
      'When the seller hands the goods over to the first carrier it has contracted with, at the place of delivery in the country of shipment, even though the seller pays carriage to the named destination.',
    mainCarriage: 'Seller',
    insurance: noInsuranceObligation('buyer'),
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'The seller arranges and pays the freight but wants the risk to pass at origin; suits container and multimodal transport better than CFR.',
  },
  {
    code: 'CIP',
    name: 'Carriage and Insurance Paid To',
    mode: 'any',
    usage: 'CIP (named place of destination) Incoterms® 2020',
    riskTransfers:
      'When the seller hands the goods over to the first carrier it has contracted with, at the place of delivery in the country of shipment.',
    mainCarriage: 'Seller',
    insurance: {
      obligedParty: 'Seller',
      text: 'The seller must insure for the buyer’s benefit on Institute Cargo Clauses (A) or similar (all risks subject to exclusions), for at least 110% of the contract price, from the point of delivery to at least the named place of destination.',
    },
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'Like CPT, when the buyer wants the seller to provide comprehensive insurance, for example for manufactured goods or under a letter of credit.',
  },
  {
    code: 'DAP',
    name: 'Delivered at Place',
    mode: 'any',
    usage: 'DAP (named place of destination) Incoterms® 2020',
    riskTransfers:
      'When the goods are placed at the buyer’s disposal on the arriving means of transport at the named place of destination, ready for unloading.',
    mainCarriage: 'Seller',
    insurance: noInsuranceObligation('seller'),
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'The seller delivers to the buyer’s door or terminal but the buyer unloads and handles import clearance, duties and taxes.',
  },
  {
    code: 'DPU',
    name: 'Delivered at Place Unloaded',
    mode: 'any',
    usage: 'DPU (named place of destination) Incoterms® 2020',
    riskTransfers:
      'When the goods, once unloaded from the arriving means of transport, are placed at the buyer’s disposal at the named place of destination.',
    mainCarriage: 'Seller',
    insurance: noInsuranceObligation('seller'),
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'The seller can arrange unloading at destination, for example at a terminal or warehouse; the only rule that requires the seller to unload. It replaced DAT in 2020.',
  },
  {
    code: 'DDP',
    name: 'Delivered Duty Paid',
    mode: 'any',
    usage: 'DDP (named place of destination) Incoterms® 2020',
    riskTransfers:
      'When the goods, cleared for import, are placed at the buyer’s disposal on the arriving means of transport at the named place of destination, ready for unloading.',
    mainCarriage: 'Seller',
    insurance: noInsuranceObligation('seller'),
    exportClearance: 'Seller',
    importClearance: 'Seller',
    whenToUse:
      'The seller takes on everything, including import duties and taxes such as GST or VAT; use only if the seller can lawfully clear goods and recover or pay taxes in the buyer’s country.',
  },
]

/** Rules for sea and inland waterway transport only. */
export const seaRules: Incoterm[] = [
  {
    code: 'FAS',
    name: 'Free Alongside Ship',
    mode: 'sea',
    usage: 'FAS (named port of shipment) Incoterms® 2020',
    riskTransfers:
      'When the goods are placed alongside the vessel nominated by the buyer (for example on a quay or a barge) at the named port of shipment.',
    mainCarriage: 'Buyer',
    insurance: noInsuranceObligation('buyer'),
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'Bulk, break-bulk and heavy-lift cargo delivered to the ship’s side; not suitable for containerised goods.',
  },
  {
    code: 'FOB',
    name: 'Free On Board',
    mode: 'sea',
    usage: 'FOB (named port of shipment) Incoterms® 2020',
    riskTransfers:
      'When the goods are placed on board the vessel nominated by the buyer at the named port of shipment, or when the seller procures goods already so delivered.',
    mainCarriage: 'Buyer',
    insurance: noInsuranceObligation('buyer'),
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'Conventional sea cargo loaded directly on board; for containers, which are handed over at a terminal before loading, FCA is the better fit.',
  },
  {
    code: 'CFR',
    name: 'Cost and Freight',
    mode: 'sea',
    usage: 'CFR (named port of destination) Incoterms® 2020',
    riskTransfers:
      'When the goods are placed on board the vessel at the port of shipment, although the seller pays the freight to the named port of destination.',
    mainCarriage: 'Seller',
    insurance: noInsuranceObligation('buyer'),
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'Non-containerised sea cargo where the seller books the voyage and the buyer insures; for containers, CPT is the better fit.',
  },
  {
    code: 'CIF',
    name: 'Cost, Insurance and Freight',
    mode: 'sea',
    usage: 'CIF (named port of destination) Incoterms® 2020',
    riskTransfers: 'When the goods are placed on board the vessel at the port of shipment.',
    mainCarriage: 'Seller',
    insurance: {
      obligedParty: 'Seller',
      text: 'The seller must insure for the buyer’s benefit on at least Institute Cargo Clauses (C) or similar, for at least 110% of the contract price, from the port of shipment to at least the named port of destination. The parties may agree higher cover.',
    },
    exportClearance: 'Seller',
    importClearance: 'Buyer',
    whenToUse:
      'Commodity and bulk trades and documentary sales; for containers, CIP (with its ICC (A) cover) is the better fit.',
  },
]

export const incoterms: Incoterm[] = [...anyModeRules, ...seaRules]

export const incotermGroups: IncotermGroup[] = [
  {
    mode: 'any',
    heading: 'Rules for any mode or modes of transport',
    text: 'EXW, FCA, CPT, CIP, DAP, DPU and DDP can be used whatever the transport, including sea, air, road, rail and multimodal container shipments.',
    rules: anyModeRules,
  },
  {
    mode: 'sea',
    heading: 'Rules for sea and inland waterway transport',
    text: 'FAS, FOB, CFR and CIF are designed for goods delivered at the ship’s side or on board a vessel, such as bulk and break-bulk cargo.',
    rules: seaRules,
  },
]

export const incotermsPage: IncotermsPage = {
  path: '/info/incoterms',
  meta: {
    title: 'Incoterms 2020 Explained: All 11 Rules',
    description:
      'The 11 Incoterms 2020 rules: where risk passes, who pays the main carriage, who insures and who clears customs, with notes on when to use each rule.',
  },
  h1: 'Incoterms® 2020',
  intro: [
    'Incoterms® rules, published by the International Chamber of Commerce (ICC), define who does what in a sale of goods: where the seller delivers, where risk passes to the buyer, who pays which transport costs, and who handles export and import clearance. The current edition is Incoterms® 2020.',
  ],
  groups: incotermGroups,
  sections: [
    {
      id: 'how-to-use',
      heading: 'Using Incoterms correctly',
      body: [
        'Name the rule, the place and the edition in your contract, as precisely as possible: for example "FCA 1 Example Road, Singapore Incoterms® 2020" or "CIF Jebel Ali Incoterms® 2020".',
        'With the C rules (CPT, CIP, CFR, CIF) the seller pays the main carriage, but risk passes at origin when the goods are handed to the carrier or loaded on board. The buyer carries the risk of the voyage it did not pay for, so check who is insuring.',
      ],
    },
    {
      id: 'what-they-do-not-cover',
      heading: 'What Incoterms do not cover',
      body: [
        'Incoterms do not transfer ownership of the goods, set the price or payment terms, or deal with breach of contract. Those belong in the sales contract. They also do not bind carriers: the contract of carriage is separate.',
      ],
    },
  ],
  ctas: [{ label: 'Ask About Your Shipment', href: '/contact-us' }],
}
