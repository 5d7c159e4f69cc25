/**
 * The e-invoice export: Peppol PINT-SG UBL 2.1 that parses, carries PINT-SG's and IRAS's required fields with
 * the document's values, and agrees to the cent with the contract's totals, for an SGD invoice, a USD invoice
 * and a credit note.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { invoiceUbl } from '../../server/finance/ubl'
import { decimalText, escapeXml, percentText, uuidV5 } from '../../server/finance/ubl-xml'
import { siteConfig } from '../../site.config'
import { creditNoteOf, customer, invoiceOf, mixedLines, supplier } from '../fixtures/invoice-documents'

const sgdInvoice = invoiceOf(mixedLines)
const usdInvoice = invoiceOf(mixedLines, { currency: 'USD', number: 'INV-2026-000043' })
const creditNote = creditNoteOf(sgdInvoice, [
  { lineNo: 4, amount: 8_230 },
  { lineNo: 1, amount: 20_000 },
])
const usdCredit = creditNoteOf(usdInvoice, [{ lineNo: 5, amount: 8_899 }])

// biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree is untyped
type Node = any
const repeated = new Set([
  'cac:TaxTotal',
  'cac:TaxSubtotal',
  'cac:InvoiceLine',
  'cac:CreditNoteLine',
  'cac:AdditionalDocumentReference',
])
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => repeated.has(name),
})

/** The export parsed: well-formed, one root. */
function parsed(detail: InvoiceDetail): { root: Node; name: string; xml: string } {
  const xml = invoiceUbl(detail, siteConfig)
  expect(XMLValidator.validate(xml)).toBe(true)
  const tree = parser.parse(xml)
  const name = Object.keys(tree).find((key) => key !== '?xml') ?? ''
  return { root: tree[name], name, xml }
}

const text = (node: Node): string => (typeof node === 'string' ? node : node?.['#text'])
/** An amount element: its value and currency. */
const money = (node: Node) => ({ value: text(node), currency: node?.['@currencyID'] })

/** What every PINT-SG document carries, checked against `detail`. */
function expectCommon(root: Node, detail: InvoiceDetail) {
  expect(root['cbc:CustomizationID']).toBe('urn:peppol:pint:billing-1@sg-1')
  expect(root['cbc:ProfileID']).toBe('urn:peppol:bis:billing')
  expect(root['cbc:ID']).toBe(detail.number)
  expect(root['cbc:UUID']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(root['cbc:IssueDate']).toBe(detail.issueDay)
  expect(root['cbc:DocumentCurrencyCode']).toBe(detail.currency)
  expect(root['cbc:BuyerReference']).toBe(detail.bookingNumber)

  const seller = root['cac:AccountingSupplierParty']['cac:Party']
  expect(seller['cbc:EndpointID']).toEqual({ '#text': `SGUEN${supplier.uen}`, '@schemeID': '0195' })
  expect(seller['cac:PartyTaxScheme']).toEqual({
    'cbc:CompanyID': supplier.gstRegistrationNumber,
    'cac:TaxScheme': { 'cbc:ID': 'GST' },
  })
  expect(seller['cac:PartyLegalEntity']).toEqual({
    'cbc:RegistrationName': supplier.name,
    'cbc:CompanyID': supplier.uen,
  })
  expect(seller['cac:PostalAddress']).toEqual({
    'cbc:StreetName': siteConfig.address.lines[0],
    'cbc:CityName': 'Singapore',
    'cbc:PostalZone': '000000',
    'cac:Country': { 'cbc:IdentificationCode': 'SG' },
  })

  const buyer = root['cac:AccountingCustomerParty']['cac:Party']
  expect(buyer['cbc:EndpointID']).toEqual({ '#text': `SGUEN${customer.uen}`, '@schemeID': '0195' })
  expect(buyer['cac:PartyName']['cbc:Name']).toBe(customer.name)
  expect(buyer['cac:PartyLegalEntity']).toEqual({
    'cbc:RegistrationName': customer.name,
    'cbc:CompanyID': customer.uen,
  })
  expect(buyer['cac:PostalAddress']).toMatchObject({
    'cbc:StreetName': '8 Jurong Port Road, #02-10',
    'cbc:PostalZone': '619092',
    'cac:Country': { 'cbc:IdentificationCode': 'SG' },
  })

  // Totals: the contract's, to the cent; a breakdown per category present, SR at 9%, others at 0.
  const [tax, ...rest] = root['cac:TaxTotal']
  expect(money(tax['cbc:TaxAmount'])).toEqual({
    value: decimalText(detail.totals.gst),
    currency: detail.currency,
  })
  const codes = [...new Set(detail.lines.map((l) => l.gstCode))]
  expect(tax['cac:TaxSubtotal']).toHaveLength(codes.length)
  for (const sub of tax['cac:TaxSubtotal']) {
    const code = sub['cac:TaxCategory']['cbc:ID'] as 'SR' | 'ZR' | 'OS'
    expect(money(sub['cbc:TaxableAmount']).value).toBe(decimalText(detail.totals.byCode[code]))
    expect(money(sub['cbc:TaxAmount']).value).toBe(decimalText(code === 'SR' ? detail.totals.gst : 0))
    expect(sub['cac:TaxCategory']['cbc:Percent']).toBe(code === 'SR' ? '9' : '0')
    expect(sub['cac:TaxCategory']['cac:TaxScheme']['cbc:ID']).toBe('GST')
  }
  const totals = root['cac:LegalMonetaryTotal']
  expect(money(totals['cbc:LineExtensionAmount']).value).toBe(decimalText(detail.totals.subtotal))
  expect(money(totals['cbc:TaxExclusiveAmount']).value).toBe(decimalText(detail.totals.subtotal))
  expect(money(totals['cbc:TaxInclusiveAmount']).value).toBe(decimalText(detail.totals.total))
  expect(money(totals['cbc:PayableAmount'])).toEqual({
    value: decimalText(detail.totals.total),
    currency: detail.currency,
  })

  // Lines: each as issued, quantity × price = amount, no negative price; their sum is the line total.
  const lines: Node[] = root[detail.kind === 'invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine']
  expect(lines).toHaveLength(detail.lines.length)
  let cents = 0
  lines.forEach((node, i) => {
    const l = detail.lines[i]
    if (!l) throw new Error('line missing')
    const quantity = node[detail.kind === 'invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity']
    expect(node['cbc:ID']).toBe(String(l.lineNo))
    expect(quantity['@unitCode']).toBe('C62')
    const price = money(node['cac:Price']['cbc:PriceAmount'])
    expect(price.value).not.toMatch(/^-/)
    expect(decimalText(Number(quantity['#text']) * Math.round(Number(price.value) * 100))).toBe(
      decimalText(l.amount),
    )
    expect(money(node['cbc:LineExtensionAmount'])).toEqual({
      value: decimalText(l.amount),
      currency: detail.currency,
    })
    expect(node['cac:Item']['cbc:Name']).toBe(l.description)
    expect(node['cac:Item']['cac:SellersItemIdentification']['cbc:ID']).toBe(l.code)
    expect(node['cac:Item']['cac:ClassifiedTaxCategory']).toEqual({
      'cbc:ID': l.gstCode,
      'cbc:Percent': l.gstCode === 'SR' ? '9' : '0',
      'cac:TaxScheme': { 'cbc:ID': 'GST' },
    })
    cents += Number(money(node['cbc:LineExtensionAmount']).value.replace('.', ''))
  })
  expect(cents).toBe(detail.totals.subtotal)
  return rest
}

describe('invoiceUbl', () => {
  it('exports an SGD invoice with every required field', () => {
    const { root, name } = parsed(sgdInvoice)
    expect(name).toBe('Invoice')
    expect(root['@xmlns']).toBe('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2')
    expect(root['cbc:InvoiceTypeCode']).toBe('380')
    expect(root['cbc:DueDate']).toBe(sgdInvoice.dueDay)
    expect(root['cbc:TaxCurrencyCode']).toBeUndefined()
    expect(root['cac:AdditionalDocumentReference']).toBeUndefined()
    expect(expectCommon(root, sgdInvoice)).toEqual([])
    expect(root['cac:PaymentMeans']).toEqual({
      'cbc:PaymentMeansCode': { '#text': '30', '@name': 'Credit transfer' },
      'cbc:PaymentID': sgdInvoice.number,
      'cac:PayeeFinancialAccount': {
        'cbc:ID': siteConfig.billing.bankTransfer.accountNumber,
        'cbc:Name': siteConfig.billing.bankTransfer.accountName,
        'cac:FinancialInstitutionBranch': { 'cbc:ID': siteConfig.billing.bankTransfer.swift },
      },
    })
    expect(root['cac:PaymentTerms']['cbc:Note']).toBe('30 days, due 28 Dec 2026')
    // The discount line: quantity −1 at a positive price.
    expect(root['cac:InvoiceLine'][2]['cbc:InvoicedQuantity']['#text']).toBe('-1')
  })

  it('exports a USD invoice with SGD as the tax currency: GST, totals and the frozen rate', () => {
    const { root } = parsed(usdInvoice)
    const sgd = usdInvoice.sgd
    if (!sgd) throw new Error('no SGD figures')
    expect(root['cbc:TaxCurrencyCode']).toBe('SGD')
    const [sgdTax] = expectCommon(root, usdInvoice)
    expect(money(sgdTax['cbc:TaxAmount'])).toEqual({ value: decimalText(sgd.gst), currency: 'SGD' })
    expect(sgdTax['cac:TaxSubtotal']).toBeUndefined()
    expect(root['cac:AdditionalDocumentReference']).toEqual([
      {
        'cbc:ID': 'SGD',
        'cbc:DocumentTypeCode': 'sgdtotal-excl-gst',
        'cbc:DocumentDescription': decimalText(sgd.subtotal),
      },
      {
        'cbc:ID': 'SGD',
        'cbc:DocumentTypeCode': 'sgdtotal-incl-gst',
        'cbc:DocumentDescription': decimalText(sgd.total),
      },
    ])
    expect(root['cbc:Note']).toBe(
      `SGD amounts at USD 1 = SGD 1.345123, ${siteConfig.billing.fxRateSource}, 27 Nov 2026.`,
    )
  })

  it('exports a credit note naming the invoice it credits, its date and the reason', () => {
    const { root, name } = parsed(creditNote)
    expect(name).toBe('CreditNote')
    expect(root['@xmlns']).toBe('urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2')
    expect(root['cbc:CreditNoteTypeCode']).toBe('381')
    expect(root['cbc:Note']).toBe(creditNote.reason)
    expect(root['cac:BillingReference']).toEqual({
      'cac:InvoiceDocumentReference': { 'cbc:ID': sgdInvoice.number, 'cbc:IssueDate': sgdInvoice.issueDay },
    })
    expect(root['cbc:DueDate']).toBeUndefined()
    expect(root['cac:PaymentMeans']).toBeUndefined()
    expectCommon(root, creditNote)
    expect(root['cac:CreditNoteLine'][0]['cbc:Note']).toBe(
      'Quantity: 3 days; credits line 4 of invoice INV-2026-000042',
    )
  })

  it('exports a USD credit note with its SGD figures', () => {
    const { root } = parsed(usdCredit)
    const [sgdTax] = expectCommon(root, usdCredit)
    expect(money(sgdTax['cbc:TaxAmount'])).toEqual({
      value: decimalText(usdCredit.sgd?.gst ?? -1),
      currency: 'SGD',
    })
    expect(root['cbc:Note']).toMatch(/^Storage charged .* SGD amounts at USD 1 = SGD 1\.345123/)
  })

  it('gives a document the same UUID on every export, and another document another', () => {
    expect(parsed(sgdInvoice).root['cbc:UUID']).toBe(parsed(sgdInvoice).root['cbc:UUID'])
    expect(parsed(usdInvoice).root['cbc:UUID']).not.toBe(parsed(sgdInvoice).root['cbc:UUID'])
    // Cross-checked with Python's uuid.uuid5(uuid.NAMESPACE_URL, 'http://www.example.com/').
    expect(uuidV5('http://www.example.com/')).toBe('fcde3c85-2270-590f-9e7c-ee003d65e0e2')
  })

  it('escapes markup and drops characters XML cannot hold', () => {
    const { xml, root } = parsed(
      invoiceOf([
        { ...mixedLines[0], description: 'Freight "A" & <B> \u0007it\'s' } as (typeof mixedLines)[0],
      ]),
    )
    expect(xml).toContain('Tan &amp; Sons &lt;Trading&gt; Pte Ltd')
    expect(root['cac:InvoiceLine'][0]['cac:Item']['cbc:Name']).toBe('Freight "A" & <B> it\'s')
    expect(escapeXml('a<b>&"\'')).toBe('a&lt;b&gt;&amp;&quot;&apos;')
  })

  it('writes amounts and rates exactly', () => {
    expect(decimalText(0)).toBe('0.00')
    expect(decimalText(5)).toBe('0.05')
    expect(decimalText(-10_000)).toBe('-100.00')
    expect(decimalText(123_456_789_01)).toBe('123456789.01')
    expect(percentText(900)).toBe('9')
    expect(percentText(825)).toBe('8.25')
    expect(percentText(750)).toBe('7.5')
  })
})
