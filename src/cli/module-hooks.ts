// The module hook the bin registers where it pays (hooks.ts). It sends one dependency's own import to a faster
// equivalent, and nothing else resolves differently: unified-engine 11's file-pipeline queue checks every file of
// the set each time one arrives, counting each one's messages: quadratic in the file count, 3.5 s of a 5,000-file
// run. `queue.ts` keeps its contract in linear time. The bin redirects it only when the original is byte for byte
// the one `queue.ts` was written against (see `engineQueueHash`).

import type {InitializeHook, ResolveHook} from 'node:module'

/** Where the replacement is: resolved by the bin (hooks run on a thread without `import.meta.resolve`). */
export interface HookData {
  /** The engine's file-pipeline module whose `./queue.js` is replaced (exactly that copy), and the replacement. */
  queue?: {from: string; to: string} | undefined
}

let data: HookData = {}

export const initialize: InitializeHook<HookData> = (given) => {
  data = given
}

export const resolve: ResolveHook = async (specifier, context, next) => {
  if (data.queue && specifier === './queue.js' && context.parentURL === data.queue.from) return {url: data.queue.to, shortCircuit: true}
  return next(specifier, context)
}
