import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../app/pages'
import { ContentPage } from '../../components/page/content-page'
import { aboutPage } from '../../content/pages'

export const Route = createFileRoute('/_public/about-us')({
  head: () => headOf(publicPages['/about-us']),
  component: () => <ContentPage page={aboutPage} />,
})
