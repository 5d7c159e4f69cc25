import {
  type EmissionFactorsHistory,
  type EmissionFactorsInput,
  emissionFactorsApiPaths,
  type FactorsDryRun,
} from '../../contract/emission-factors'
import type { ApiClient } from './client'

/** The console's emission factors calls (the Pricing role), one per operation of the OpenAPI document. */

/** getEmissionFactors: the version in force and every version, newest first. */
export const getEmissionFactors = (api: ApiClient) =>
  api<EmissionFactorsHistory>(emissionFactorsApiPaths.table)

/** dryRunEmissionFactors: what the version would change; nothing is stored (409 for a name used already). */
export const dryRunEmissionFactors = (api: ApiClient, body: EmissionFactorsInput) =>
  api<FactorsDryRun>(emissionFactorsApiPaths.dryRun, { method: 'POST', body })

/** applyEmissionFactors: puts the version in force, audited; answers the versions with it in force. */
export const applyEmissionFactors = (api: ApiClient, body: EmissionFactorsInput) =>
  api<EmissionFactorsHistory>(emissionFactorsApiPaths.apply, { method: 'POST', body })
