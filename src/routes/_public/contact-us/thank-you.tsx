import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { PlannedPage } from '../../../components/page/planned-page'

const info = publicPages['/contact-us/thank-you']

export const Route = createFileRoute('/_public/contact-us/thank-you')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
