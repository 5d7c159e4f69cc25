import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { ContentPage } from '../../../components/page/content-page'
import { infoPage } from '../../../content/pages'

export const Route = createFileRoute('/_public/info/')({
  head: () => headOf(publicPages['/info']),
  component: () => <ContentPage page={infoPage} />,
})
