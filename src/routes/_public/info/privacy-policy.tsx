import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { LegalPageView } from '../../../components/page/legal-page'
import { privacyPolicyPage } from '../../../content/legal'

export const Route = createFileRoute('/_public/info/privacy-policy')({
  head: () => headOf(publicPages['/info/privacy-policy']),
  component: () => <LegalPageView page={privacyPolicyPage} />,
})
