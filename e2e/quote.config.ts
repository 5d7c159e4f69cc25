/**
 * The base config with the illustrative rate sheets seeded (DEMO_SEED on), for e2e/quote.spec.ts: the base
 * config turns DEMO_SEED off, and without rate sheets every lane answers "no instant rate".
 * Run: E2E_PORT=4473 npx playwright test -c e2e/quote.config.ts
 */
import { defineConfig } from '@playwright/test'
import base from './playwright.config'

const server = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer

export default defineConfig({
  ...base,
  testMatch: 'quote.spec.ts',
  ...(server ? { webServer: { ...server, env: { ...server.env, DEMO_SEED: '1' } } } : {}),
})
