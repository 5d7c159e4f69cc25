/**
 * `npm run dev`: the API (restarted on change) on API_PORT and Vite's dev server with hot reload,
 * which proxies /api to it. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, STATIC_DIR: '' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
