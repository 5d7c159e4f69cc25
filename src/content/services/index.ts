/**
 * The service pages, one module each so that a service's route loads its own copy only; this index (the
 * list of them all) is for tests.
 */

import type { ServicePage } from '../types'
import { airFreightPage } from './air-freight'
import { cargoInsurancePage } from './cargo-insurance'
import { customsClearancePage } from './customs-clearance'
import { fclPage } from './fcl'
import { lclPage } from './lcl'
import { oceanFreightPage } from './ocean-freight'
import { shipmentTrackingPage } from './shipment-tracking'

export { servicesPage } from './overview'

export const servicePages: ServicePage[] = [
  oceanFreightPage,
  fclPage,
  lclPage,
  airFreightPage,
  cargoInsurancePage,
  customsClearancePage,
  shipmentTrackingPage,
]
