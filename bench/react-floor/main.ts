// The control of bench/hydration.ts: React alone hydrating a prerendered three-control form. No router, no
// widgets, no charts: what any React page pays on this machine at this throttling before its own code.
import { createElement as h } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { Form } from './form'

const root = document.getElementById('root')
if (root) hydrateRoot(root, h(Form))
