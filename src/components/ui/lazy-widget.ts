import { useEffect, useState } from 'react'

/**
 * A widget's code fetched once, when a field first shows it, and known at once after: the field draws itself
 * natively until then (country-field.tsx, place-field.tsx), and a later page shows the real widget at once.
 */
export function lazyWidget<Module>(importer: () => Promise<Module>) {
  let loaded: Module | undefined
  let loading: Promise<Module> | undefined
  const load = () => {
    loading ??= importer().then((module) => {
      loaded = module
      return module
    })
    return loading
  }
  /** The module once it is there; the first render that asks for it starts the fetch. */
  function useLoaded(): Module | undefined {
    const [module, setModule] = useState(loaded)
    useEffect(() => {
      if (!module) void load().then(setModule)
    }, [module])
    return module
  }
  return { load, useLoaded }
}
