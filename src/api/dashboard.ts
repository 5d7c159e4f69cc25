import { skipLoaderHeader } from '../../contract/constants'
import type { Dashboard } from '../../contract/dashboard'
import type { ApiClient } from './client'

/**
 * getDashboard: everything /user/home shows beside the quote form, in one answer. The page shows its own
 * loading state, so the request skips the global overlay, which would cover the quote form at every visit.
 */
export const getDashboard = (api: ApiClient) =>
  api<Dashboard>('/api/dashboard', { headers: { [skipLoaderHeader]: 'true' } })
