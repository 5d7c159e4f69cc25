import {
  type EmissionsPeriod,
  type EmissionsReport,
  emissionsReportPaths,
} from '../../contract/emissions-report'
import type { ApiClient } from './client'
import { downloadFile } from './documents'

const search = (period: EmissionsPeriod) => `?${new URLSearchParams(period).toString()}`

/** getEmissionsReport: the company's emissions of the period's bookings. */
export const getEmissionsReport = (api: ApiClient, period: EmissionsPeriod) =>
  api<EmissionsReport>(emissionsReportPaths.report, { query: { ...period } })

/** downloadEmissionsCsv / downloadEmissionsPdf: the report's file, fetched with the session and saved. */
export const downloadEmissionsReport = (api: ApiClient, period: EmissionsPeriod, format: 'csv' | 'pdf') =>
  downloadFile(
    api,
    `${format === 'csv' ? emissionsReportPaths.csv : emissionsReportPaths.pdf}${search(period)}`,
    `Emissions-${period.from}-to-${period.to}.${format}`,
  )
