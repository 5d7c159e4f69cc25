import { describe, expect, it } from 'vitest'
import { containerNumber, imoNumber, stableUuid } from '../../server/demo/identifiers'

describe('identifiers of demo data', () => {
  it('number containers with the ISO 6346 check digit', () => {
    // The standard's own example.
    expect(containerNumber('CSQ', 305438)).toBe('CSQU3054383')
  })

  it('number ships with the IMO check digit', () => {
    expect(imoNumber(907472)).toBe('9074729')
    expect(imoNumber(932148)).toBe('9321483') // Emma Maersk
  })

  it('make the same UUID from the same text, in the version 5 layout', () => {
    const id = stableUuid('demo:ESB-2026000001:GTIN')
    expect(id).toBe(stableUuid('demo:ESB-2026000001:GTIN'))
    expect(id).not.toBe(stableUuid('demo:ESB-2026000001:LOAD'))
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
