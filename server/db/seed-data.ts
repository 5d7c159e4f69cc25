import { countries as countryData, type TCountryCode } from 'countries-list'
import isoCountries from 'i18n-iso-countries'
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min'

export const companyIds = { singapore: 1, uae: 2, uk: 3, india: 4 } as const

export const DEFAULT_COMPANY_ID = companyIds.singapore

export const companySeed = [
  { id: companyIds.singapore, name: 'Singapore', city: 'Singapore', country_code: 'SG' },
  { id: companyIds.uae, name: 'United Arab Emirates', city: 'Dubai', country_code: 'AE' },
  { id: companyIds.uk, name: 'United Kingdom', city: 'London', country_code: 'GB' },
  { id: companyIds.india, name: 'India', city: 'Mumbai', country_code: 'IN' },
]

const branchByCountry: Record<string, number> = {
  AE: companyIds.uae,
  SA: companyIds.uae,
  QA: companyIds.uae,
  OM: companyIds.uae,
  BH: companyIds.uae,
  KW: companyIds.uae,
  GB: companyIds.uk,
  IE: companyIds.uk,
  IN: companyIds.india,
}

export interface CountrySeedRow {
  mcou_name: string
  mcou_code: string
  mcou_country_dialing_code: string
  eshp_mcpy: number
}

/** ISO 3166-1 alpha-2 codes (plus XK, Kosovo), as i18n-iso-countries knows them, sorted. */
export function isoCountryCodes(): string[] {
  return Object.keys(isoCountries.getAlpha2Codes()).sort()
}

function isKnownCode(code: string): code is TCountryCode {
  return Object.hasOwn(countryData, code)
}

export function countrySeed(): CountrySeedRow[] {
  return isoCountryCodes().map((code) => {
    if (!isKnownCode(code)) throw new Error(`countries-list has no entry for ISO code ${code}`)
    const { name, phone } = countryData[code]
    // libphonenumber's metadata is the authority on calling codes (Kosovo +383, Puerto Rico +1);
    // countries-list covers the territories it has none for (Antarctica, Bouvet Island, ...).
    const dialling = isSupportedCountry(code) ? getCountryCallingCode(code) : phone[0]
    if (dialling === undefined) throw new Error(`no dialling code for ${code}`)
    return {
      mcou_name: name,
      mcou_code: code,
      mcou_country_dialing_code: `+${dialling}`,
      eshp_mcpy: branchByCountry[code] ?? DEFAULT_COMPANY_ID,
    }
  })
}
