import { describe, expect, it } from 'vitest'
import { parseSiteConfig, type SiteConfig, siteConfigSchema } from '../../contract/site'
import { siteConfig } from '../../site.config'

/** The shipped configuration with one change; the change's type is loose on purpose (invalid values). */
const changed = (change: (config: Record<string, unknown>) => void): unknown => {
  const copy = structuredClone(siteConfig) as unknown as Record<string, unknown>
  change(copy)
  return copy
}

const problems = (value: unknown) => {
  const result = siteConfigSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))
}

/** The values of a configuration that are a demo company's: `.example` addresses, "demo", a UEN of zeros. */
function demoValues(config: SiteConfig): string[] {
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : typeof value === 'object' && value
        ? Object.values(value).flatMap(strings)
        : []
  return strings(config).filter((value) => /\.example\b|demo/i.test(value) || /^0+[A-Z]$/.test(value))
}

describe('the shipped site configuration (site.config.ts)', () => {
  it('validates', () => {
    expect(parseSiteConfig(siteConfig)).toEqual(siteConfig)
  })

  it('is flagged demo exactly while it holds demo values (as shipped: flagged, and all of them are)', () => {
    expect(siteConfig.demo).toBe(demoValues(siteConfig).length > 0)
  })

  // Once a deployer has set the company (demo: false), there is nothing demo left to check.
  it.runIf(siteConfig.demo)('as the demo company, has only values that plainly are one', () => {
    expect(siteConfig.demo).toBe(true)
    expect(siteConfig.legalName).toMatch(/demo/i)
    expect(siteConfig.uen).toMatch(/^0+[A-Z]$/)
    expect(siteConfig.address.lines.join(' ')).toMatch(/Demo/)
    // `.example` is reserved (RFC 2606): these addresses reach nobody.
    expect(siteConfig.supportEmail).toMatch(/\.example$/)
    expect(siteConfig.dataProtectionOfficerEmail).toMatch(/\.example$/)
    expect(new URL(siteConfig.partnerPlatform.href).hostname).toMatch(/\.example$/)
    for (const link of siteConfig.social) expect(link.href).toMatch(/eship[-._]demo/)
    // Ofcom's range for drama (020 7946 0000 to 0999); the others are numbers of zeros.
    expect(siteConfig.phones.find((phone) => phone.region === 'UK')?.e164).toMatch(/^\+442079460\d{3}$/)
    for (const number of [...siteConfig.phones, ...siteConfig.whatsapp].filter((n) => n.region !== 'UK')) {
      expect(number.e164, number.region).toMatch(/0{6}$/)
    }
  })

  it('has a phone for SG, UAE, UK and IND, and WhatsApp for SG and IND', () => {
    expect(siteConfig.phones.map((phone) => phone.region)).toEqual(['SG', 'UAE', 'UK', 'IND'])
    expect(siteConfig.whatsapp.map((number) => number.region)).toEqual(['SG', 'IND'])
  })
})

describe('the site configuration schema', () => {
  it('accepts a real-looking company', () => {
    const real: SiteConfig = {
      ...siteConfig,
      demo: false,
      legalName: 'Lion City Freight Pte. Ltd.',
      uen: '201912345K',
      address: { lines: ['80 Robinson Road, #10-01', 'Singapore 068898'], country: 'Singapore' },
      supportEmail: 'help@lioncity.sg',
      dataProtectionOfficerEmail: 'dpo@lioncity.sg',
      partnerPlatform: { label: 'Our partner', href: 'https://partner.lioncity.sg' },
      social: [],
      billing: {
        gstRegistrationNumber: '201912345K',
        paynow: { uen: '201912345K', merchantName: 'Lion City Freight', city: 'Singapore' },
        bankTransfer: {
          bank: 'Lion Bank',
          accountName: 'Lion City Freight Pte. Ltd.',
          accountNumber: '123-456789-0',
          swift: 'LIONSGSGXXX',
        },
        fxRateSource: 'Lion City pricing desk rate',
        creditControl: { defaultLimit: 5_000_000, overdueDaysBeforeHold: 30 },
        reminders: { daysFromDue: [3, 0, -7] },
      },
    }
    expect(problems(real)).toEqual([])
    expect(demoValues(real)).toEqual([])
  })

  it.each([
    [
      'a display that is another number than e164',
      (c: Record<string, unknown>) => {
        ;(c.phones as { display: string }[])[0]!.display = '+65 6000 0001'
      },
      'phones.0.display',
    ],
    [
      'an e164 without its +',
      (c: Record<string, unknown>) => {
        ;(c.phones as { e164: string }[])[1]!.e164 = '97140000000'
      },
      'phones.1.e164',
    ],
    [
      'a region twice',
      (c: Record<string, unknown>) => {
        c.whatsapp = [...(c.whatsapp as unknown[]), (c.whatsapp as unknown[])[0]]
      },
      'whatsapp',
    ],
    [
      'a WhatsApp region the site has none for',
      (c: Record<string, unknown>) => {
        ;(c.whatsapp as { region: string }[])[1]!.region = 'UK'
      },
      'whatsapp.1.region',
    ],
    [
      'an address that is no email',
      (c: Record<string, unknown>) => {
        c.supportEmail = 'support at eship'
      },
      'supportEmail',
    ],
    [
      'a plain http link',
      (c: Record<string, unknown>) => {
        c.partnerPlatform = { label: 'Partner', href: 'http://partner.eship.example' }
      },
      'partnerPlatform.href',
    ],
    [
      'an unknown social network',
      (c: Record<string, unknown>) => {
        c.social = [{ network: 'myspace', href: 'https://myspace.com/eship' }]
      },
      'social.0.network',
    ],
    [
      'a UEN of the wrong shape',
      (c: Record<string, unknown>) => {
        c.uen = 'UEN-123'
      },
      'uen',
    ],
    [
      'an empty address',
      (c: Record<string, unknown>) => {
        c.address = { lines: [], country: 'Singapore' }
      },
      'address.lines',
    ],
    [
      'a misspelt field',
      (c: Record<string, unknown>) => {
        c.supportMail = c.supportEmail
      },
      '',
    ],
    [
      'no demo flag',
      (c: Record<string, unknown>) => {
        delete c.demo
      },
      'demo',
    ],
  ])('refuses %s', (_, change, path) => {
    expect(problems(changed(change))).toContain(path)
  })

  it('names the file to fix and the value in its error', () => {
    expect(() => parseSiteConfig(changed((c) => (c.supportEmail = 'nope')))).toThrow(
      /site\.config\.ts is invalid:[\s\S]*supportEmail/,
    )
  })
})
