/**
 * Renders every public route to static HTML after `vite build`, so crawlers and the first paint do not wait
 * for JavaScript; src/main.tsx hydrates it. The logged-in area stays client-rendered from index.html.
 *
 * 1. Builds src/prerender.tsx for Node into dist/prerender, with the router's browser code paths (see below).
 * 2. Renders each path of `prerenderedPaths` into a copy of dist/client/index.html, written as
 *    dist/client/<path>/index.html (the server's static handler serves a folder's index.html), with the
 *    route's stylesheets inlined and no modulepreload (see pageHtml).
 * 3. Writes sitemap.xml and adds its address to robots.txt.
 *
 * Usage: node --import tsx scripts/prerender.ts (after `vite build`; `npm run build` runs both).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { prerenderedPaths, sitemapPaths } from '../src/app/pages'
import { siteUrlFrom } from '../src/app/site-url'
import type { RenderedPage } from '../src/prerender'

const root = resolve(import.meta.dirname, '..')
const clientDir = join(root, 'dist/client')
const serverDir = join(root, 'dist/prerender')
const require = createRequire(import.meta.url)

/** Escapes text for an XML document. */
const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  )

async function buildRenderer(): Promise<(path: string) => Promise<RenderedPage>> {
  await build({
    root,
    logLevel: 'warn',
    // The router renders differently on a server (no Suspense around the matches, scroll scripts): the
    // prerenderer must render what the browser's first render will, so it takes the browser's code paths.
    resolve: {
      alias: {
        '@tanstack/router-core/isServer': join(
          dirname(
            require.resolve('@tanstack/router-core', { paths: [require.resolve('@tanstack/react-router')] }),
          ),
          '../esm/isServer/client.js',
        ),
      },
    },
    ssr: { noExternal: [/^@tanstack\//] },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'prerender.js' } },
    },
  })
  const module = (await import(pathToFileURL(join(serverDir, 'prerender.js')).href)) as {
    renderPage: (path: string) => Promise<RenderedPage>
  }
  return module.renderPage
}

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** The source file of a route id: `/_public/home` is src/routes/_public/home.tsx, `/_public/info/` its index. */
function routeChunkKey(manifest: Manifest, routeId: string): string | undefined {
  const base = `src/routes${routeId.replace(/\/$/, '')}`
  return [`${base}.tsx`, `${base}/index.tsx`, `${base}/route.tsx`]
    .map((file) => `${file}?tsr-split=component`)
    .find((key) => key in manifest)
}

/**
 * The styles and the code the matched routes load, which the browser would otherwise find only after running
 * the entry: the styles are inlined so the prerendered page paints styled (see pageHtml).
 */
export function routeAssets(manifest: Manifest, routeIds: string[]): { css: string[]; js: string[] } {
  const css = new Set<string>()
  const js = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || js.has(chunk.file)) return
    js.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const routeId of routeIds) {
    if (routeId === '__root__') continue
    const key = routeChunkKey(manifest, routeId)
    // Routes without a component (redirects, guards) have no chunk of their own.
    if (key) visit(key)
  }
  return { css: [...css], js: [...js] }
}

/** A stylesheet or modulepreload link of the built index.html, by the file it names. */
const templateLink = /\s*<link rel="(stylesheet|modulepreload)"[^>]*href="\/([^"]+)"[^>]*>/g

/**
 * The page's HTML: the route's head tags, its body, and every stylesheet it needs inlined in one `<style>` per
 * file, so the first paint waits for the HTML alone. Each inlined file keeps a `disabled` link, which the
 * browser does not fetch but the bundle's preloader counts as loaded, so the same rules are not added again
 * when the route's code loads. No script is modulepreloaded: the entry (a deferred module) loads the route's
 * code after the first paint, without competing with the HTML for bandwidth.
 */
export function pageHtml(
  template: string,
  path: string,
  page: RenderedPage,
  manifest: Manifest,
  readCss: (file: string) => string,
): string {
  const assets = routeAssets(manifest, page.routeIds)
  const templateCss = [...template.matchAll(templateLink)]
    .filter((match) => match[1] === 'stylesheet')
    .map((match) => match[2] as string)
  const css = [...new Set([...templateCss, ...assets.css])]
  const styles = css.map(
    (file) =>
      `<style data-href="/${file}">${readCss(file).trim()}</style><link rel="stylesheet" href="/${file}" disabled>`,
  )
  return template
    .replace(templateLink, '')
    .replace(/<title>[^<]*<\/title>/, `<!--route-head-->${page.head}<!--/route-head-->`)
    .replace('</head>', `  ${styles.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${page.body}</div>`)
}

const earlyInputTag = '<script src="/early-input.js"></script>'
const entryTag = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/

/**
 * Two inline scripts replace requests in every page (dist/client/index.html too), allowed by their hashes
 * (server/csp.ts): the early-input script goes into the head, so the first paint waits for no request; the
 * app's entry is added after the first frame has painted (or after half a second in a hidden tab), so its
 * download does not compete with the HTML and styles of the first paint. Input before the app hydrates is
 * held by the early-input script.
 */
async function inlineScripts(template: string): Promise<string> {
  if (!template.includes(earlyInputTag)) throw new Error(`dist/client/index.html has no ${earlyInputTag}`)
  const entry = entryTag.exec(template)?.[1]
  if (!entry) throw new Error('dist/client/index.html has no module entry script')
  const code = (await readFile(join(clientDir, 'early-input.js'), 'utf8')).replace(/^\/\/.*\n/, '').trim()
  if (code.includes('</script')) throw new Error('early-input.js cannot be inlined: it contains </script')
  const loader = `(()=>{let d=0,l=()=>{if(d)return;d=1;let s=document.createElement("script");s.type="module";s.src="${entry}";document.body.append(s)};requestAnimationFrame(()=>requestAnimationFrame(l));setTimeout(l,500)})()`
  const inlined = template
    .replace(earlyInputTag, `<script>${code}</script>`)
    .replace(entryTag, `<script>${loader}</script>`)
  await writeFile(join(clientDir, 'index.html'), inlined)
  return inlined
}

async function main() {
  process.env.NODE_ENV = 'production'
  const template = await inlineScripts(await readFile(join(clientDir, 'index.html'), 'utf8'))
  if (!template.includes('<div id="root"></div>'))
    throw new Error('dist/client/index.html has no empty #root')
  const manifestFile = join(clientDir, '.vite/manifest.json')
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest
  const cssCache = new Map<string, string>()
  for (const file of Object.values(manifest).flatMap((chunk) => chunk.css ?? []))
    if (!cssCache.has(file)) cssCache.set(file, await readFile(join(clientDir, file), 'utf8'))
  const readCss = (file: string) => {
    const text = cssCache.get(file)
    if (text === undefined) throw new Error(`${file} is linked but not in the build's manifest`)
    if (text.includes('</style')) throw new Error(`${file} cannot be inlined: it contains </style`)
    return text
  }
  const render = await buildRenderer()
  const started = performance.now()
  for (const path of prerenderedPaths) {
    const page = await render(path)
    if (page.redirectedTo) throw new Error(`${path} redirected to ${page.redirectedTo} while prerendering`)
    const file = join(clientDir, path, 'index.html')
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, pageHtml(template, path, page, manifest, readCss))
  }
  const site = siteUrlFrom(process.env)
  const urls = sitemapPaths.map((path) => `  <url><loc>${xml(site + path)}</loc></url>`).join('\n')
  await writeFile(
    join(clientDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  )
  const robots = await readFile(join(clientDir, 'robots.txt'), 'utf8')
  await writeFile(join(clientDir, 'robots.txt'), `${robots.trimEnd()}\n\nSitemap: ${site}/sitemap.xml\n`)
  await rm(serverDir, { recursive: true, force: true })
  await rm(dirname(manifestFile), { recursive: true, force: true })
  const ms = Math.round(performance.now() - started)
  console.log(
    `prerendered ${prerenderedPaths.length} pages in ${ms} ms; sitemap.xml lists ${sitemapPaths.length}`,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
