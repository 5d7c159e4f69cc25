import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { staffConsole } from '../features/staff/console'
import '../styles/global.css'
import { staffNavigate } from './link'
import { staffRouter } from './router'

// The session sends the person to the sign-in when it ends; guards run again on every change of it.
const { session, bindNavigation } = staffConsole()
bindNavigation(() => void staffNavigate(staffRouter.navigate)({ to: '/staff/login', replace: true }))
let signedIn = session.getSnapshot().matches({ auth: 'signedIn' })
session.subscribe((snapshot) => {
  const now = snapshot.matches({ auth: 'signedIn' })
  if (now !== signedIn) void staffRouter.invalidate()
  signedIn = now
})

const root = document.getElementById('root')
if (!root) throw new Error('staff.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={staffRouter} />
  </StrictMode>,
)
