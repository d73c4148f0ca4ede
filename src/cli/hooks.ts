// The bin's module hook (module-hooks.ts), registered at most once and only where it pays. Once registered,
// every later import goes through Node's loader thread: registered at start it costs a one-file run 0.4 s of
// its 1.2 s (it loads 520 modules), more than it saves unless the run has thousands of files.

import {createHash} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {register} from 'node:module'
import type {HookData} from './module-hooks.js'
import {engineQueueHash} from './queue.js'

let registered = false

/** Registers the hook (once), for remark's engine loaded from then on: its queue step. */
export function registerHooks(): void {
  if (registered) return
  registered = true
  const queue = engineQueue()
  if (!queue) return
  try {
    register<HookData>('./module-hooks.js', {parentURL: import.meta.url, data: {queue}})
  } catch {
    // Without it the engine is only slower (the TypeScript sources have no `module-hooks.js`).
  }
}

/** The engine's queue step and its replacement, when the engine's is the code the replacement was written against. */
function engineQueue(): HookData['queue'] {
  try {
    const pipeline = new URL('lib/file-pipeline/', import.meta.resolve('unified-engine'))
    const original = readFileSync(new URL('queue.js', pipeline))
    if (createHash('sha256').update(original).digest('hex') !== engineQueueHash) return undefined
    return {from: new URL('index.js', pipeline).href, to: import.meta.resolve('./queue.js')}
  } catch {
    return undefined
  }
}
