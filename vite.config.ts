import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { parseSiteConfig } from './contract/site.ts'
import { siteConfig } from './site.config.ts'
import { siteUrlFrom } from './src/app/site-url.ts'

// The pages are built with the site configuration (site.config.ts): a malformed value stops the build here,
// with the value named, rather than reaching a page. The browser bundle itself carries no validator.
parseSiteConfig(siteConfig)

const apiPort = Number(process.env.API_PORT ?? 3001)

export default defineConfig({
  define: { __SITE_URL__: JSON.stringify(siteUrlFrom(process.env)) },
  plugins: [
    // The router plugin must come before the React plugin, or code splitting silently does not happen.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      routeFileIgnorePattern: '\\.css\\.ts$',
    }),
    react(),
    vanillaExtractPlugin(),
    // The staff console is an entry of its own (staff.html): in development its addresses are answered with it,
    // as the server does in production (server/static.ts).
    {
      name: 'staff-console-entry',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url && /^\/staff(\/|\?|$)/.test(req.url)) req.url = '/staff.html'
          next()
        })
      },
    },
  ],
  server: { proxy: { '/api': `http://localhost:${apiPort}` } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Read by scripts/prerender.ts to link each prerendered page's styles and code, then deleted.
    manifest: true,
    // Flags stay files, fetched one by one when shown; inlined, 250 of them would bloat the JS.
    assetsInlineLimit: (file) => (file.includes('flag-icons') ? false : undefined),
    // The logged-in area's lazy chunks are named user-…, and importing one preloads only its styles: the
    // list of every chunk each of them needs would otherwise sit in the routes chunk every public page loads
    // (1.5 KB gzip of file names). Their scripts still load in parallel level by level as the browser finds
    // their imports. The footer's enquiry form is the same: it loads once the page has settled or the footer
    // comes near, and its list of 30 chunks sat in the layout chunk of every public page (0.3 KB gzip). So is
    // the quote form's place type-ahead (place-field.tsx draws a working field while it loads): a link for
    // each of its 35 chunks was appended before /user/home's heading (46 links there, 16 without; 0.928 of
    // its time at 4x). A public page's own lazy parts keep their full preload list.
    modulePreload: {
      // Browsers without native modulepreload (none the site supports) would only preload less; with two entries
      // the polyfill would otherwise be a chunk of its own that every page requests.
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        /(^|\/)(user-|staff-|contact-form-|place-combo-)/.test(filename)
          ? deps.filter((dep) => dep.endsWith('.css'))
          : deps,
    },
    rolldownOptions: {
      // The site (public pages and the customer area) and the staff console: neither loads the other's code.
      input: { index: 'index.html', staff: 'staff.html' },
      output: {
        chunkFileNames: (chunk) => {
          // The logged-in area's and the staff console's (routes, and the console's own code its guards load).
          const area = chunk.facadeModuleId?.match(
            /[\\/]src[\\/](?:routes|features)[\\/](user|staff)[\\/]/,
          )?.[1]
          return area ? `assets/${area}-[name]-[hash].js` : 'assets/[name]-[hash].js'
        },
        // Every page needs React and the router, and the routes' small non-lazy parts: two chunks, not twenty
        // of a few hundred bytes each.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            { name: 'routes', test: /src[\\/]routes[\\/].*\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // Two workers on this 2-core machine (Vitest's default is one fewer than the cores): the server tests wait
    // on the database and on the processes they start, and the charts' replays take the other core meanwhile.
    maxWorkers: 2,
    // A time limit catches a test that hangs, not a slow machine: Vitest's 5 s failed property tests and page
    // replays on a loaded 2-core machine, where they pass in one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/{machines,contract,app}/**/*.test.ts'],
          environment: 'node',
          // Pure code with no module state between files (no mocks, no database): a worker imports the charts
          // and the contract once instead of once a file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/auth-sameness.test.ts'],
          environment: 'node',
          // Made only when a server test runs: one migrated PGlite directory the files copy.
          globalSetup: ['tests/migrated-pglite.ts'],
          // Each file opens its own database and app and restores what it changes (password.test.ts its
          // environment): a worker imports the server once instead of once a file (about 2 s a file here).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // A file that replaces a module (vi.mock) gets a fresh module graph of its own.
          name: 'server-mocks',
          include: ['tests/server/auth-sameness.test.ts'],
          environment: 'node',
          globalSetup: ['tests/migrated-pglite.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['tests/views/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/views/setup.ts'],
        },
      },
    ],
  },
})
