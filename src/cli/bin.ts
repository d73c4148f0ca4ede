#!/usr/bin/env node
// `remark-lint-citations`: check the citations of Markdown and MDX files, or (`verify`) of a JSON list of sources.

import {register} from 'node:module'
import process from 'node:process'
import type {HookData} from './string-width-hook.js'

// Before anything loads remark's report (see string-width-hook.ts). Without it the report is only slower.
try {
  register<HookData>('./string-width-hook.js', {parentURL: import.meta.url, data: {stringWidth: import.meta.resolve('string-width')}})
} catch {}
const {main} = await import('./main.js')

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd()
})
