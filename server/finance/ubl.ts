/**
 * The e-invoice export (GET /api/staff/invoices/{number}/ubl, docs/invoices.md): an issued invoice or credit
 * note as Peppol PINT-SG UBL 2.1 XML, the format of Singapore's InvoiceNow network, which accounting systems
 * import and a Peppol access point sends on (to the customer and, under the GST InvoiceNow requirement, to IRAS).
 *
 * Written to PINT-SG Billing 1.4.0 (docs.peppol.eu/poac/sg/2025-Q4/pint-sg, on PINT 1.1.x; 1.4.1 of June 2026
 * only aligns rules) and the IRAS "Data submission under InvoiceNow GST requirements" rules (IRASC5, v0.3.4):
 * - CustomizationID `urn:peppol:pint:billing-1@sg-1`, ProfileID `urn:peppol:bis:billing`; a UUID (IBT-SG-003),
 *   name-based on our UEN and the document's number so every export of a document carries the same one;
 * - Invoice (type 380) or CreditNote (381, its reason as the note, BR-111-GST-SG, and a BillingReference to the
 *   invoice it credits with that invoice's date);
 * - parties: EndpointID scheme 0195 (`SGUEN` + the UEN), PostalAddress with street and postcode (BR-106/107),
 *   our PartyTaxScheme with the GST registration number and TaxScheme `GST`, PartyLegalEntity name and UEN;
 * - one TaxTotal in the document's currency with a TaxSubtotal per GST category present: SR at the document's
 *   rate, ZR and OS at 0 (IRASC5-046 wants a rate on each), GST exactly as the document states it
 *   (contract/finance/invoices.ts: one rounding, BR-CO-17's); a USD document adds TaxCurrencyCode SGD, a second
 *   TaxTotal with the GST in SGD and the SGD totals as AdditionalDocumentReference `sgdtotal-excl-gst` and
 *   `sgdtotal-incl-gst` (BT-SG-001/002), the frozen rate named in the note;
 * - an invoice's PaymentMeans (30, credit transfer to our bank account, the invoice number as the payment
 *   reference) and PaymentTerms (its terms and due date);
 * - lines with quantity 1 (−1 for a discount, so no price is negative, IRASC5-070), unit C62, the charge code
 *   as the seller's item identifier, the quantity as written on the line's note, and ClassifiedTaxCategory.
 * Elements follow the UBL 2.1 schema's order.
 */
import { type GstCode, gstCodes } from '../../contract/finance/charges'
import type { DocumentLine, DocumentParty, InvoiceDetail } from '../../contract/finance/invoice-wire'
import { paymentTermsText } from '../../contract/finance/invoices'
import { isUen } from '../../contract/finance/paynow'
import { calendarDay } from '../../contract/times'
import { type SiteConfig, siteConfig } from '../site-config'
import { rateText } from './pdf-data'
import { decimalText, el, percentText, renderXml, uuidV5, type XmlElement } from './ubl-xml'

export const PINT_SG_CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@sg-1'
export const PINT_SG_PROFILE_ID = 'urn:peppol:bis:billing'
/** ISO 6523 ICD of Singapore's UEN identifiers (value `SGUEN` + the UEN). */
export const SG_UEN_SCHEME = '0195'

const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
}

/** A party's country: as stored, else Singapore when its address says so. */
function countryOf(party: DocumentParty): string | undefined {
  if (party.countryCode) return party.countryCode.toUpperCase()
  return party.addressLines.some((line) => /\bsingapore\b/i.test(line)) ? 'SG' : undefined
}

/** The address lines in UBL's parts: street, more street, a Singapore address's city and 6-digit postcode. */
function postalAddress(party: DocumentParty): XmlElement {
  const country = countryOf(party)
  const sg = country === 'SG'
  const postcode = sg
    ? party.addressLines.flatMap((line) => [...line.matchAll(/\b(\d{6})\b/g)].map((m) => m[1])).at(-1)
    : undefined
  // A Singapore address's "Singapore 123456" and "Singapore" lines become its city, postcode and country.
  const lines = party.addressLines.filter((line) => !(sg && /^singapore(\s+\d{6})?$/i.test(line.trim())))
  return el('cac:PostalAddress', [
    lines[0] !== undefined && el('cbc:StreetName', lines[0]),
    lines[1] !== undefined && el('cbc:AdditionalStreetName', lines[1]),
    sg && el('cbc:CityName', 'Singapore'),
    postcode !== undefined && el('cbc:PostalZone', postcode),
    lines.length > 2 && el('cac:AddressLine', [el('cbc:Line', lines.slice(2).join(', '))]),
    country !== undefined && el('cac:Country', [el('cbc:IdentificationCode', country)]),
  ])
}

/**
 * A party: its Peppol address (a UEN's `0195:SGUEN…`; a company registered elsewhere has none, so its export
 * is for accounting systems, not for sending), name, address, GST number (ours), legal name and registration.
 */
function party(p: DocumentParty): XmlElement {
  return el('cac:Party', [
    isUen(p.uen) && el('cbc:EndpointID', `SGUEN${p.uen}`, { schemeID: SG_UEN_SCHEME }),
    el('cac:PartyName', [el('cbc:Name', p.name)]),
    postalAddress(p),
    p.gstRegistrationNumber !== undefined &&
      el('cac:PartyTaxScheme', [
        el('cbc:CompanyID', p.gstRegistrationNumber),
        el('cac:TaxScheme', [el('cbc:ID', 'GST')]),
      ]),
    el('cac:PartyLegalEntity', [el('cbc:RegistrationName', p.name), el('cbc:CompanyID', p.uen)]),
  ])
}

/** A GST category: its code, rate (SR the document's, others 0) and scheme. */
const taxCategory = (name: string, code: GstCode, rateBps: number) =>
  el(name, [
    el('cbc:ID', code),
    el('cbc:Percent', code === 'SR' ? percentText(rateBps) : '0'),
    el('cac:TaxScheme', [el('cbc:ID', 'GST')]),
  ])

/** One document line. */
function line(detail: InvoiceDetail, l: DocumentLine, credit: boolean): XmlElement {
  const money = (minor: number) => el('cbc:PriceAmount', decimalText(minor), { currencyID: detail.currency })
  const note = [
    `Quantity: ${l.quantityText}`,
    ...(l.creditsLineNo !== null
      ? [`credits line ${l.creditsLineNo} of invoice ${detail.creditsNumber}`]
      : []),
  ].join('; ')
  return el(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
    el('cbc:ID', String(l.lineNo)),
    el('cbc:Note', note),
    el(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', l.amount < 0 ? '-1' : '1', {
      unitCode: 'C62',
    }),
    el('cbc:LineExtensionAmount', decimalText(l.amount), { currencyID: detail.currency }),
    el('cac:Item', [
      el('cbc:Name', l.description),
      el('cac:SellersItemIdentification', [el('cbc:ID', l.code)]),
      taxCategory('cac:ClassifiedTaxCategory', l.gstCode, detail.gstRateBps),
    ]),
    el('cac:Price', [money(Math.abs(l.amount))]),
  ])
}

/** The document as Peppol PINT-SG UBL 2.1 XML; `config` gives the bank account of an invoice's payment means. */
export function invoiceUbl(detail: InvoiceDetail, config: SiteConfig = siteConfig): string {
  const credit = detail.kind === 'credit_note'
  const root = credit ? 'CreditNote' : 'Invoice'
  const currency = detail.currency
  const amount = (name: string, minor: number, of = currency) =>
    el(name, decimalText(minor), { currencyID: of })
  const sgd = currency === 'SGD' ? null : detail.sgd
  if (currency !== 'SGD' && !sgd)
    throw new Error(`${detail.number} is in ${currency} without its SGD figures.`)

  const notes = [
    ...(credit && detail.reason ? [detail.reason] : []),
    ...(sgd
      ? [
          `SGD amounts at ${currency} 1 = SGD ${rateText(sgd.rate.sgdPerUnitMicro)}, ` +
            `${sgd.rate.source}, ${calendarDay(sgd.rate.asOf)}.`,
        ]
      : []),
  ]
  const present = gstCodes.filter((code) => detail.lines.some((l) => l.gstCode === code))
  const bank = config.billing.bankTransfer

  const document = el(
    root,
    [
      el('cbc:CustomizationID', PINT_SG_CUSTOMIZATION_ID),
      el('cbc:ProfileID', PINT_SG_PROFILE_ID),
      el('cbc:ID', detail.number),
      el('cbc:UUID', uuidV5(`urn:uen:${detail.supplier.uen}:${detail.number}`)),
      el('cbc:IssueDate', detail.issueDay),
      !credit && detail.dueDay !== null && el('cbc:DueDate', detail.dueDay),
      el(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380'),
      notes.length > 0 && el('cbc:Note', notes.join(' ')),
      el('cbc:DocumentCurrencyCode', currency),
      sgd && el('cbc:TaxCurrencyCode', 'SGD'),
      el('cbc:BuyerReference', detail.bookingNumber),
      credit &&
        detail.creditsNumber !== null &&
        el('cac:BillingReference', [
          el('cac:InvoiceDocumentReference', [
            el('cbc:ID', detail.creditsNumber),
            detail.creditsIssueDay !== null && el('cbc:IssueDate', detail.creditsIssueDay),
          ]),
        ]),
      ...(sgd
        ? (
            [
              ['sgdtotal-excl-gst', sgd.subtotal],
              ['sgdtotal-incl-gst', sgd.total],
            ] as const
          ).map(([code, minor]) =>
            el('cac:AdditionalDocumentReference', [
              el('cbc:ID', 'SGD'),
              el('cbc:DocumentTypeCode', code),
              el('cbc:DocumentDescription', decimalText(minor)),
            ]),
          )
        : []),
      el('cac:AccountingSupplierParty', [party(detail.supplier)]),
      el('cac:AccountingCustomerParty', [party(detail.customer)]),
      !credit &&
        el('cac:PaymentMeans', [
          el('cbc:PaymentMeansCode', '30', { name: 'Credit transfer' }),
          el('cbc:PaymentID', detail.number),
          el('cac:PayeeFinancialAccount', [
            el('cbc:ID', bank.accountNumber),
            el('cbc:Name', bank.accountName),
            el('cac:FinancialInstitutionBranch', [el('cbc:ID', bank.swift)]),
          ]),
        ]),
      !credit &&
        el('cac:PaymentTerms', [
          el(
            'cbc:Note',
            `${paymentTermsText(detail.paymentTermsDays)}` +
              (detail.dueDay ? `, due ${calendarDay(detail.dueDay)}` : ''),
          ),
        ]),
      el('cac:TaxTotal', [
        amount('cbc:TaxAmount', detail.totals.gst),
        ...present.map((code) =>
          el('cac:TaxSubtotal', [
            amount('cbc:TaxableAmount', detail.totals.byCode[code]),
            amount('cbc:TaxAmount', code === 'SR' ? detail.totals.gst : 0),
            taxCategory('cac:TaxCategory', code, detail.gstRateBps),
          ]),
        ),
      ]),
      sgd && el('cac:TaxTotal', [amount('cbc:TaxAmount', sgd.gst, 'SGD')]),
      el('cac:LegalMonetaryTotal', [
        amount('cbc:LineExtensionAmount', detail.totals.subtotal),
        amount('cbc:TaxExclusiveAmount', detail.totals.subtotal),
        amount('cbc:TaxInclusiveAmount', detail.totals.total),
        amount('cbc:PayableAmount', detail.totals.total),
      ]),
      ...detail.lines.map((l) => line(detail, l, credit)),
    ],
    { xmlns: NS[root], 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc },
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderXml(document)}\n`
}
