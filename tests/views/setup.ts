import { configure } from '@testing-library/react'

// `findBy…` and `waitFor` wait for what the view will show; their limit only catches a view that never shows it.
// Testing Library's 1 s failed the route map's land (drawn once the atlas has loaded) on a loaded machine.
configure({ asyncUtilTimeout: 15_000 })
