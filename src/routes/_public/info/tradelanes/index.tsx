import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../../app/pages'
import { TradelanesPageView } from '../../../../features/site/tradelanes-page'

export const Route = createFileRoute('/_public/info/tradelanes/')({
  head: () => headOf(publicPages['/info/tradelanes']),
  component: TradelanesPageView,
})
