// Module hooks the bin registers where they pay (hooks.ts). Each sends one dependency's own import to a faster
// equivalent, and nothing else resolves differently:
//
// - vfile-reporter 8 pins string-width 6, which builds an emoji RegExp for every character it measures: about
//   90 µs a cell, 0.35 ms a message line (7 s for 20,000 messages, more than the whole check). string-width 8
//   measures the same cells in well under a microsecond.
// - unified-engine 11's file-pipeline queue checks every file of the set each time one arrives, counting each
//   one's messages: quadratic in the file count, 3.5 s of a 5,000-file run. `queue.ts` keeps its contract in
//   linear time. The bin redirects it only when the original is byte for byte the one `queue.ts` was written
//   against (see `engineQueueHash`).

import type {InitializeHook, ResolveHook} from 'node:module'

/** Where the replacements are: resolved by the bin (hooks run on a thread without `import.meta.resolve`). */
export interface HookData {
  /** This package's string-width. */
  stringWidth?: string | undefined
  /** The engine's file-pipeline module whose `./queue.js` is replaced (exactly that copy), and the replacement. */
  queue?: {from: string; to: string} | undefined
}

let data: HookData = {}

export const initialize: InitializeHook<HookData> = (given) => {
  data = given
}

export const resolve: ResolveHook = async (specifier, context, next) => {
  const parent = context.parentURL ?? ''
  if (data.stringWidth && specifier === 'string-width' && parent.includes('/node_modules/vfile-reporter/')) {
    return {url: data.stringWidth, shortCircuit: true}
  }
  if (data.queue && specifier === './queue.js' && parent === data.queue.from) return {url: data.queue.to, shortCircuit: true}
  return next(specifier, context)
}
