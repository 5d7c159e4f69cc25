import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../../app/pages'
import { PlannedPage } from '../../../../components/page/planned-page'

const info = publicPages['/services/ocean-freight']

export const Route = createFileRoute('/_public/services/ocean-freight/')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
