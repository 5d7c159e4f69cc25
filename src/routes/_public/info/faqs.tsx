import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { FaqsPageView } from '../../../features/site/faqs-page'

export const Route = createFileRoute('/_public/info/faqs')({
  head: () => headOf(publicPages['/info/faqs']),
  component: FaqsPageView,
})
