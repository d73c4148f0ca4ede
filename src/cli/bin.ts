#!/usr/bin/env node
// `remark-lint-citations`: check the citations of Markdown and MDX files, or (`verify`) of a JSON list of sources.

import {createHash} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {register} from 'node:module'
import process from 'node:process'
import type {HookData} from './module-hooks.js'
import {engineQueueHash} from './queue.js'

// Before anything loads remark's engine and report (see module-hooks.ts). Without them both are only slower.
try {
  register<HookData>('./module-hooks.js', {parentURL: import.meta.url, data: {stringWidth: import.meta.resolve('string-width'), queue: engineQueue()}})
} catch {}
const {main} = await import('./main.js')

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd()
})

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
