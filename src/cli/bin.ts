#!/usr/bin/env node
// `remark-lint-citations`: check the citations of Markdown and MDX files, or (`verify`) of a JSON list of sources.

import process from 'node:process'
import {readerGone} from './io.js'
import {main} from './main.js'

// A reader that stops reading (`| head`) ends its pipe with EPIPE, which unheard would crash the run: the check goes
// on, and its exit code stands.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (!readerGone(error)) throw error
  })
}

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd()
})
