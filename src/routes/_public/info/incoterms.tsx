import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { IncotermsPageView } from '../../../features/site/incoterms-page'

export const Route = createFileRoute('/_public/info/incoterms')({
  head: () => headOf(publicPages['/info/incoterms']),
  component: IncotermsPageView,
})
