import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { BlogIndex } from '../../../features/site/blog-index'

/** The spec lists /info/blog beside /info/blogs: the same index at both addresses. */
export const Route = createFileRoute('/_public/info/blog')({
  head: () => headOf(publicPages['/info/blog']),
  component: BlogIndex,
})
