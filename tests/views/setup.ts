import { configure } from '@testing-library/react'
import { loadCountryPicker } from '../../src/components/ui/country-field'
import { loadDialogFrame } from '../../src/components/ui/dialog'
import { loadPlaceCombo } from '../../src/components/ui/place-field'

// `findBy…` and `waitFor` wait for what the view will show; their limit only catches a view that never shows it.
// Testing Library's 1 s failed the route map's land (drawn once the atlas has loaded) on a loaded machine.
configure({ asyncUtilTimeout: 15_000 })

// A page loads a dialog's frame once it has settled (src/components/ui/dialog.tsx), the country list's code once
// it has hydrated (country-field.tsx) and the place type-ahead's once it is shown (place-field.tsx); the views are
// tested as a settled page shows them, each dialog opening in the render that opens it.
await Promise.all([loadDialogFrame(), loadCountryPicker(), loadPlaceCombo()])
