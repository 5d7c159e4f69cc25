import {
  type CreatedKey,
  type CreateKeyInput,
  type IntegrationKey,
  integrationKeyPaths,
} from '../../contract/integration-keys'
import type { ApiClient } from './client'

/** The console's integration keys calls (admins), one per operation of the OpenAPI document. */

/** listIntegrationKeys: every key, never its secret. */
export const listIntegrationKeys = (api: ApiClient) =>
  api<{ keys: IntegrationKey[] }>(integrationKeyPaths.list).then((answer) => answer.keys)

/** createIntegrationKey: the key, and its secret this once. */
export const createIntegrationKey = (api: ApiClient, body: CreateKeyInput) =>
  api<CreatedKey>(integrationKeyPaths.list, { method: 'POST', body })

export const revokeIntegrationKey = (api: ApiClient, id: number) =>
  api<{ key: IntegrationKey }>(integrationKeyPaths.revoke(id), { method: 'POST' }).then(
    (answer) => answer.key,
  )
