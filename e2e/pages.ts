import {
  blogDescriptions,
  blogTitles,
  documentTitle,
  isBlogSlug,
  type PageInfo,
  publicPages,
} from '../src/app/pages'

/** What the public page at `path` must show: its route map entry, or its article's title. */
export function infoOf(path: string): { title: string; heading: string; description: string } {
  const slug = path.replace('/info/blogs/', '')
  if (isBlogSlug(slug)) {
    return {
      title: documentTitle(blogTitles[slug]),
      heading: blogTitles[slug],
      description: blogDescriptions[slug],
    }
  }
  const info = publicPages[path as keyof typeof publicPages] as PageInfo | undefined
  if (!info) throw new Error(`${path} is not in the route map`)
  return { title: documentTitle(info.title), heading: info.heading, description: info.description }
}
