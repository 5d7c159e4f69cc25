import type { Generated, Selectable } from 'kysely'

export interface CompaniesTable {
  id: number
  name: string
  city: string
  country_code: string
}

export interface CountriesTable {
  mcou_rid: Generated<number>
  mcou_name: string
  mcou_code: string
  mcou_country_dialing_code: string
  eshp_mcpy: Generated<number>
}

export interface Database {
  companies: CompaniesTable
  countries: CountriesTable
}

export type CompanyRow = Selectable<CompaniesTable>
export type CountryRow = Selectable<CountriesTable>
