// The ceiling of the API load test: a bare Hono app on @hono/node-server answering a small JSON, with no
// middleware, run on the same machine in the same bench run as the real server. Started by bench/run.ts.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono()
app.get('/', (c) => c.json({ hello: 'world' }))

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' })
