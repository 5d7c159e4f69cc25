import {
  type CustomerDetail,
  type CustomerListPage,
  type CustomerListQuery,
  type CustomerUserAnswer,
  customerDirectoryPaths,
} from '../../contract/customer-directory'
import type { ApiClient } from './client'

/** The console's customer directory calls (admin, sales, operations), one per operation of the OpenAPI document. */

/** listCustomers: a page of companies, searched and filtered (the query checked by customerListQuerySchema). */
export const listCustomers = (api: ApiClient, query: CustomerListQuery) => {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  )
  return api<CustomerListPage>(`${customerDirectoryPaths.list}?${search}`)
}

/** getCustomer: the company as its users see it. */
export const getCustomer = (api: ApiClient, id: number) =>
  api<CustomerDetail>(customerDirectoryPaths.company(id))

const act = (api: ApiClient, path: string) => api<CustomerUserAnswer>(path, { method: 'POST' })

/** deactivateCustomerUser: the user is logged out at once (admin). */
export const deactivateCustomerUser = (api: ApiClient, userId: number) =>
  act(api, customerDirectoryPaths.deactivate(userId))

export const reactivateCustomerUser = (api: ApiClient, userId: number) =>
  act(api, customerDirectoryPaths.reactivate(userId))

/** resendCustomerActivation: a new activation link to a user not activated yet (admin, sales). */
export const resendCustomerActivation = (api: ApiClient, userId: number) =>
  act(api, customerDirectoryPaths.resendActivation(userId))
