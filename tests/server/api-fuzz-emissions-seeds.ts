/**
 * The seeds of the emissions report's operations for the API fuzz tests (api-fuzz.test.ts): the fuzzing
 * customer's company, over the first half of 2025 (its bookings are made in June).
 */
import type { Seed } from './api-fuzz-requests'

const query = { from: '2025-01', to: '2025-06' }

export const emissionsSeeds: Record<string, () => Seed> = {
  getEmissionsReport: () => ({ query }),
  downloadEmissionsCsv: () => ({ query }),
  downloadEmissionsPdf: () => ({ query }),
}
