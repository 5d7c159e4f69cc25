import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../../app/pages'
import { ContentPage } from '../../../../components/page/content-page'
import { uaeTradelanePage } from '../../../../content/pages'

export const Route = createFileRoute('/_public/info/tradelanes/uae')({
  head: () => headOf(publicPages['/info/tradelanes/uae']),
  component: () => <ContentPage page={uaeTradelanePage} />,
})
