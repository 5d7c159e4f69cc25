import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

interface ContentLinkProps {
  /** An href from src/content: a site path (with an optional #anchor) or an absolute URL. */
  href: string
  className?: string
  children: ReactNode
}

/** A link whose address comes from the content modules: router links inside the site, plain links outside. */
export function ContentLink({ href, className, children }: ContentLinkProps) {
  if (!href.startsWith('/')) {
    return (
      <a href={href} className={className} rel="noopener" target="_blank">
        {children}
      </a>
    )
  }
  const [path, hash] = href.split('#')
  return (
    // Paths come from typed content whose links are checked by the e2e suite, not by the route types.
    <Link to={path as '/'} hash={hash} className={className}>
      {children}
    </Link>
  )
}
