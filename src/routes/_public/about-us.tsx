import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../app/pages'
import { PlannedPage } from '../../components/page/planned-page'

const info = publicPages['/about-us']

export const Route = createFileRoute('/_public/about-us')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
