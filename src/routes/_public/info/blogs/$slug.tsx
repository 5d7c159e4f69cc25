import { createFileRoute, redirect } from '@tanstack/react-router'
import { blogDescriptions, blogTitles, headOf, isBlogSlug } from '../../../../app/pages'
import { articles } from '../../../../content/blogs'
import { BlogArticle } from '../../../../features/site/blog-article'

export const Route = createFileRoute('/_public/info/blogs/$slug')({
  beforeLoad: ({ params }) => {
    if (!isBlogSlug(params.slug)) throw redirect({ to: '/home', replace: true })
  },
  head: ({ params }) =>
    isBlogSlug(params.slug)
      ? headOf({
          title: blogTitles[params.slug],
          heading: blogTitles[params.slug],
          description: blogDescriptions[params.slug],
        })
      : {},
  component: BlogArticleRoute,
})

function BlogArticleRoute() {
  const { slug } = Route.useParams()
  const article = articles.find((candidate) => candidate.slug === slug)
  return article ? <BlogArticle article={article} /> : null
}
