// The bin's module hooks (module-hooks.ts), registered at most once and only where they pay. Once registered,
// every later import goes through Node's loader thread: registered at start they cost a one-file run 0.4 s of
// its 1.2 s (it loads 520 modules), more than they save unless the run has thousands of files or report lines.

import {createHash} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {register} from 'node:module'
import type {HookData} from './module-hooks.js'
import {engineQueueHash} from './queue.js'

let registered: boolean | undefined

/**
 * Registers the hooks (once); whether they are in place. They apply to what is imported from then on: before
 * remark's engine loads, to its queue step and its report; later, to a copy of the report loaded for the purpose.
 */
export function registerHooks(): boolean {
  if (registered === undefined) {
    try {
      register<HookData>('./module-hooks.js', {parentURL: import.meta.url, data: {stringWidth: import.meta.resolve('string-width'), queue: engineQueue()}})
      registered = true
    } catch {
      // Without them the engine and its report are only slower (the TypeScript sources have no `module-hooks.js`).
      registered = false
    }
  }
  return registered
}

/** Whether the hooks were registered. */
export function hooksRegistered(): boolean {
  return registered === true
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
