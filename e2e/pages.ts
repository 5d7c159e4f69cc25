import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
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

/**
 * The page template `path` is drawn with: the view its route file renders (the first import from
 * src/components/page/ or src/features/), or the route file itself where it draws its own page. Pages of one
 * template share their layout, so one of them at desktop width stands for all (public.spec.ts).
 */
export function templateOf(path: string): string {
  const routes = fileURLToPath(new URL('../src/routes/', import.meta.url))
  const area = ['/login', '/register'].includes(path) ? '_auth' : '_public'
  const route = path.startsWith('/info/blogs/') ? '/info/blogs/$slug' : path
  const file = [`${area}${route}.tsx`, `${area}${route}/index.tsx`]
    .map((name) => join(routes, name))
    .find((name) => existsSync(name))
  if (!file) throw new Error(`No route file for ${path}`)
  const view = /import \{ (\w+) \} from '[./]+\/(?:components\/page|features)\//.exec(
    readFileSync(file, 'utf8'),
  )
  return view?.[1] ?? file
}
