import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../../app/pages'
import { BlogIndex } from '../../../../features/site/blog-index'

export const Route = createFileRoute('/_public/info/blogs/')({
  head: () => headOf(publicPages['/info/blogs']),
  component: BlogIndex,
})
