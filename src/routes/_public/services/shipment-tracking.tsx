import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { ServicePageView } from '../../../components/page/service-page'
import { shipmentTrackingPage } from '../../../content/services/shipment-tracking'

export const Route = createFileRoute('/_public/services/shipment-tracking')({
  head: () => headOf(publicPages['/services/shipment-tracking']),
  component: () => <ServicePageView page={shipmentTrackingPage} />,
})
