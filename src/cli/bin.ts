#!/usr/bin/env node
// `remark-lint-citations`: check the citations of Markdown and MDX files, or (`verify`) of a JSON list of sources.

import process from 'node:process'
import {main} from './main.js'

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd()
})
