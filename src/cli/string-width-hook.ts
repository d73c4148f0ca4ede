// A module hook the bin registers before remark's report loads: vfile-reporter 8 pins string-width 6, which builds
// an emoji RegExp for every character it measures, about 90 µs a cell and 0.35 ms a message line (7 s for 20,000
// messages, more than the whole check). string-width 8 measures the same cells in well under a microsecond. Only
// vfile-reporter's own import is redirected; the rest of the process resolves as it would.

import type {InitializeHook, ResolveHook} from 'node:module'

/** Where this package's string-width is: resolved by the bin (hooks run on a thread without `import.meta.resolve`). */
export interface HookData {
  stringWidth: string
}

let faster: string | undefined

export const initialize: InitializeHook<HookData> = (data) => {
  faster = data.stringWidth
}

export const resolve: ResolveHook = async (specifier, context, next) => {
  if (faster && specifier === 'string-width' && context.parentURL?.includes('/node_modules/vfile-reporter/')) {
    return {url: faster, shortCircuit: true}
  }
  return next(specifier, context)
}
