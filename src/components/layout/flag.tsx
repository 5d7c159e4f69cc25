/** Country flags bundled from flag-icons: each SVG is its own asset, fetched only when shown. */
const flags = import.meta.glob<string>('/node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
})

export function flagUrl(code: string): string | undefined {
  return flags[`/node_modules/flag-icons/flags/4x3/${code.toLowerCase()}.svg`]
}

export function Flag({ code, name, className }: { code: string; name: string; className?: string }) {
  const src = flagUrl(code)
  if (!src) return null
  return <img src={src} alt={name} width={24} height={18} className={className} />
}
