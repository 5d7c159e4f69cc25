/**
 * The site configuration on the server: the demo warning of a production start, and mails and the house
 * bill that show whatever company the configuration holds (each takes it as a parameter, the configured one
 * by default).
 */
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../contract/site'
import { houseBillPdf } from '../../server/documents/house-bill'
import { activationMail, passwordResetMail, sessionReleaseMail } from '../../server/mail/account-templates'
import { bookingConfirmedMail } from '../../server/mail/booking-templates'
import { mailSignature } from '../../server/mail/compose'
import { enquiryMail } from '../../server/mail/contact-templates'
import { mailLinks } from '../../server/mail/index'
import { checkSiteConfig } from '../../server/site-config'
import { siteConfig } from '../../site.config'
import { otherCompany as other } from '../fixtures/site'

describe('the server start', () => {
  it('warns a production server that still has the demo company, naming the file to edit', () => {
    const warning = checkSiteConfig(siteConfig, true)
    expect(warning).toContain('site.config.ts')
    expect(warning).toContain('demo: true')
    expect(warning).toContain('docs/site-config.md')
  })

  it('is silent outside production, or once the company is set', () => {
    expect(checkSiteConfig(siteConfig, false)).toBeUndefined()
    expect(checkSiteConfig(other, true)).toBeUndefined()
  })

  it('refuses an invalid configuration rather than start with it', () => {
    expect(() => checkSiteConfig({ ...other, supportEmail: 'care' }, false)).toThrow(/site\.config\.ts/)
  })
})

const link = 'https://app.eship.test/reset-password?token=abc'
const bookingInput = {
  to: 'ann@lioncity.test',
  name: 'Ann',
  bookingNumber: 'ESBK2025000001',
  hbl: 'ESHBL2025000001',
  mode: 'FCL' as const,
  lane: 'Singapore (SGSIN) to Nhava Sheva (INNSA)',
  carrier: 'ONE',
  carriage: null,
  etd: null,
  eta: null,
  trackingLink: 'https://app.eship.test/user/tracking?hbl=ESHBL2025000001',
}
const enquiry = {
  id: 7,
  mail: 'buyer@lioncity.test',
  name: 'Grace',
  company: 'Grace Imports Ltd',
  code: '+44',
  phone: '2071234567',
  source: 'Search Engine',
  mode: 'FCL',
  message: 'Four containers a month.',
  created_at: new Date('2025-06-02T09:00:00Z'),
}

/** One mail of each way mails are written: by hand, composed of parts, a team notice, a booking mail. */
const mailsOf = (site?: SiteConfig) => [
  passwordResetMail({ to: 'ann@lioncity.test', name: 'Ann', link }, site),
  sessionReleaseMail({ to: 'ann@lioncity.test', name: 'Ann', link }, site),
  activationMail({ to: 'ann@lioncity.test', name: 'Ann', link }, site),
  enquiryMail({ to: 'sales@eship.test', enquiry }, site),
  bookingConfirmedMail(bookingInput, site),
]

describe('the mail signature', () => {
  it('carries the configured company, address, support email and phone, in text and HTML', () => {
    const signature = mailSignature()
    for (const value of [
      siteConfig.brand,
      siteConfig.legalName,
      siteConfig.uen,
      siteConfig.supportEmail,
      siteConfig.phones[0]?.display ?? '',
      ...siteConfig.address.lines,
    ]) {
      expect(signature.text).toContain(value)
      expect(signature.html).toContain(value)
    }
    expect(signature.html).toContain(`href="mailto:${siteConfig.supportEmail}"`)
    expect(signature.html).toContain(`href="tel:${siteConfig.phones[0]?.e164}"`)
  })

  it('ends every mail, with the configuration it is given', () => {
    for (const mail of mailsOf(other)) {
      expect(mail.text.endsWith(mailSignature(other).text), mail.subject).toBe(true)
      expect(mail.html).toContain(mailSignature(other).html)
      for (const value of [
        'Merlion Freight · Forwarding Made Simple',
        'Merlion Freight Services Pte. Ltd. (UEN 201912345K)',
        '80 Robinson Road, #10-01, Singapore 068898, Singapore',
        'care@merlion-freight.test · +65 6123 4567',
      ]) {
        expect(mail.text, mail.subject).toContain(value)
      }
      expect(mail.html).toContain('href="mailto:care@merlion-freight.test"')
      // Nothing of the demo company is left.
      for (const demo of [siteConfig.legalName, siteConfig.supportEmail, siteConfig.address.lines[0] ?? '']) {
        expect(mail.text, mail.subject).not.toContain(demo)
        expect(mail.html, mail.subject).not.toContain(demo)
      }
    }
  })

  it('uses the configured company by default', () => {
    for (const mail of mailsOf()) {
      expect(mail.text.endsWith(mailSignature(siteConfig).text), mail.subject).toBe(true)
      expect(mail.text).toContain(siteConfig.supportEmail)
    }
  })

  it('adds no link to a mail: the links of a mail stay its own', () => {
    const [reset] = mailsOf(other)
    expect(mailLinks(reset?.text ?? '')).toEqual([link])
  })

  it('escapes the configuration in HTML', () => {
    const html = mailSignature({ ...other, legalName: 'A & B <Freight> Pte. Ltd.' }).html
    expect(html).toContain('A &amp; B &lt;Freight&gt; Pte. Ltd.')
  })
})

/** The lines a PDF's pages draw (pdf-lib writes each drawText as one hex string); join them with spaces. */
async function drawnText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes)
  const texts: string[] = []
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      texts.push(Buffer.from(hex ?? '', 'hex').toString('latin1'))
    }
  }
  return texts
}

describe('the house bill', () => {
  const input: Parameters<typeof houseBillPdf>[0] = {
    mode: 'FCL',
    hbl: 'ESHBL2025000001',
    bookingNumber: 'ESBK2025000001',
    shipper: { name: 'Lion City Exports', address: '10 Anson Road' },
    consignee: { name: 'Mumbai Imports', address: 'Nariman Point' },
    notifyParty: null,
    origin: { code: 'SGSIN', name: 'Singapore' },
    destination: { code: 'INNSA', name: 'Nhava Sheva' },
    legs: [],
    carrier: 'ONE',
    cargoDescription: 'Machine parts',
    cargoSummary: '1 x 40HC',
    hazardous: null,
    etd: null,
    issuedAt: new Date('2025-06-02T09:00:00Z'),
  }

  it('is issued by the configured company', async () => {
    const bytes = await houseBillPdf(input, other)
    const text = (await drawnText(bytes)).join(' ')
    expect(text).toContain('Merlion Freight')
    expect(text).toContain('Merlion Freight Services Pte. Ltd., UEN 201912345K')
    expect(text).toContain('80 Robinson Road, #10-01, Singapore 068898, Singapore')
    expect(text).toContain('care@merlion-freight.test')
    expect(text).toContain("Issued by Merlion Freight Services Pte. Ltd. (as carrier's agent)")
    expect(text).not.toContain(siteConfig.legalName)
    expect((await PDFDocument.load(bytes)).getAuthor()).toBe(other.legalName)
  })

  it('shows the shipped configuration by default', async () => {
    const text = (await drawnText(await houseBillPdf(input))).join(' ')
    expect(text).toContain(`${siteConfig.legalName}, UEN ${siteConfig.uen}`)
    expect(text).toContain(siteConfig.supportEmail)
  })
})
