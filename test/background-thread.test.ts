// The helper threads (cache writer, page reader) give way to the main thread: on Linux they run at nice 10, so
// waking one no longer takes the core from the thread that parses the Markdown and handles the sockets.

import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import os, {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {pathToFileURL} from 'node:url'
import {afterAll, describe, expect, it} from 'vitest'
import {openCache} from '../src/cache/index.js'
import {report} from './helpers/report.js'

const root = resolve(import.meta.dirname, '..')
const folder = mkdtempSync(join(tmpdir(), 'citations-nice-'))
afterAll(() => rmSync(folder, {recursive: true, force: true}))

/** Nice value of every thread of this process (`/proc/self/task/<id>/stat`, field 19). */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').flatMap((id) => {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8')
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])]
    } catch {
      return [] // the thread ended while listed
    }
  })
}

const niceTen = () => threadNices().filter((nice) => nice === 10).length

describe.runIf(process.platform === 'linux')('helper threads on Linux', () => {
  it('the cache writer thread runs at nice 10, and the thread that writes keeps its priority', async () => {
    const before = niceTen()
    const cache = openCache(folder, () => {})
    try {
      await cache.set('https://example.com/nice', report())
      expect(niceTen()).toBe(before + 1)
      expect(os.getPriority()).toBe(0)
    } finally {
      await cache.close()
    }
    expect(niceTen()).toBe(before)
  })

  it('the page thread runs at nice 10 (the built reader, where its thread entry exists)', async () => {
    const {pageReader} = (await import(pathToFileURL(join(root, 'dist', 'src', 'page', 'reader.js')).href)) as typeof import('../src/page/reader.js')
    const before = niceTen()
    const reader = pageReader()
    const page = {url: 'https://example.org/', status: 200, headers: {'content-type': 'text/html'}, body: Buffer.from('<title>Hi</title>'), truncated: false}
    try {
      await reader.read(page) // starts the thread
      for (let waited = 0; niceTen() === before && waited < 5000; waited += 50) await sleep(50)
      expect(niceTen()).toBe(before + 1)
      expect(os.getPriority()).toBe(0)
    } finally {
      await reader.close()
    }
  })
})
