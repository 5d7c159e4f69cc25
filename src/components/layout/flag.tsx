/** Country flags bundled from flag-icons: each SVG is its own asset, fetched only when shown. */
const flags = import.meta.glob<string>('/node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
})

export function flagUrl(code: string): string | undefined {
  return flags[`/node_modules/flag-icons/flags/4x3/${code.toLowerCase()}.svg`]
}

/**
 * `lazy`: fetched and drawn only once scrolled near (a list of 250 countries): each SVG image is a small
 * document the browser parses, lays out and paints on the page's main thread, so all of them at once held
 * it for seconds.
 */
export function Flag({
  code,
  name,
  className,
  lazy = false,
}: {
  code: string
  name: string
  className?: string
  lazy?: boolean
}) {
  const src = flagUrl(code)
  if (!src) return null
  return (
    <img
      src={src}
      alt={name}
      width={24}
      height={18}
      className={className}
      {...(lazy ? { loading: 'lazy' as const, decoding: 'async' as const } : {})}
    />
  )
}
