import { createFileRoute, redirect } from '@tanstack/react-router'
import { blogTitles, headOf, isBlogSlug } from '../../../../app/pages'
import { PlannedPage } from '../../../../components/page/planned-page'

const infoOf = (slug: keyof typeof blogTitles) => ({
  title: blogTitles[slug],
  heading: blogTitles[slug],
  description: blogTitles[slug],
})

export const Route = createFileRoute('/_public/info/blogs/$slug')({
  beforeLoad: ({ params }) => {
    if (!isBlogSlug(params.slug)) throw redirect({ to: '/home', replace: true })
  },
  head: ({ params }) => (isBlogSlug(params.slug) ? headOf(infoOf(params.slug)) : {}),
  component: BlogArticle,
})

function BlogArticle() {
  const { slug } = Route.useParams()
  return isBlogSlug(slug) ? <PlannedPage info={infoOf(slug)} /> : null
}
