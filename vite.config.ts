import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const apiPort = Number(process.env.API_PORT ?? 3001)

export default defineConfig({
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
  ],
  server: { proxy: { '/api': `http://localhost:${apiPort}` } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Flags stay files, fetched one by one when shown; inlined, 250 of them would bloat the JS.
    assetsInlineLimit: (file) => (file.includes('flag-icons') ? false : undefined),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/{server,machines,contract}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['tests/views/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
    ],
  },
})
