import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { LegalPageView } from '../../../components/page/legal-page'
import { termsPage } from '../../../content/legal'

export const Route = createFileRoute('/_public/info/terms-conditions')({
  head: () => headOf(publicPages['/info/terms-conditions']),
  component: () => <LegalPageView page={termsPage} />,
})
