import {
  type RateFileApplied,
  type RateFileInput,
  type RateFileReport,
  type RateSheetDetail,
  type RateSheetPage,
  type RateSheetQueryInput,
  rateFileApiPaths,
} from '../../contract/rate-files'
import type { ApiClient } from './client'

/** The console's pricing desk calls (the Pricing role), one per operation of the OpenAPI document. */

/** listRateSheets: the sheets in force or upcoming, filtered, a page at a time. */
export const listRateSheets = (api: ApiClient, query: RateSheetQueryInput) =>
  api<RateSheetPage>(rateFileApiPaths.sheets, { query })

/** getRateSheet: one sheet with its lines, read-only (404 when there is none). */
export const getRateSheet = (api: ApiClient, id: string) => api<RateSheetDetail>(rateFileApiPaths.sheet(id))

/** dryRunRateFile: what applying the file would change; nothing is stored. */
export const dryRunRateFile = (api: ApiClient, body: RateFileInput) =>
  api<RateFileReport>(rateFileApiPaths.staffDryRun, { method: 'POST', body })

/** applyRateFile: 422 with every refused row when a row is refused. */
export const applyRateFile = (api: ApiClient, body: RateFileInput) =>
  api<RateFileApplied>(rateFileApiPaths.staffApply, { method: 'POST', body })
