// Pages read on a thread of their own (the built reader in dist/, where `worker.js` exists) give the same facts
// as reading them here, also when the thread stops with pages still being read; on Linux that thread gives way
// to the main thread.

import {readdirSync, readFileSync} from 'node:fs'
import os from 'node:os'
import {join, resolve} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {pathToFileURL} from 'node:url'
import {beforeAll, describe, expect, it} from 'vitest'
import {readPage, type ResponseView} from '../src/page/index.js'
import {pageReader as sourceReader, readHere} from '../src/page/reader.js'

type Reader = typeof import('../src/page/reader.js')

const root = resolve(import.meta.dirname, '..')
let built: Reader

beforeAll(async () => {
  built = (await import(pathToFileURL(join(root, 'dist', 'src', 'page', 'reader.js')).href)) as Reader
})

const page = (path: string, html: string, status = 200, headers: Record<string, string> = {}): ResponseView => ({
  url: `https://example.org${path}`,
  status,
  headers: {'content-type': 'text/html; charset=utf-8', ...headers},
  body: Buffer.from(html),
  truncated: false
})

const pages: ResponseView[] = [
  page('/article', '<title>Heat pumps in cold climates | Energy Review</title><meta property="og:site_name" content="Energy Review"><h1 id="top">Heat pumps</h1><p>Measured over three winters in homes of different ages, the pumps kept their efficiency.</p>'),
  page('/missing', '<title>Page not found</title><p>Sorry, the page you are looking for does not exist.</p>'),
  page('/paper', '<title>Sign in</title><form><input type="password"></form>'),
  page('/wall', '<title>Just a moment...</title><div id="challenge-form"></div>', 403, {server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f-AMS'}),
  page('/moved', '<meta http-equiv="refresh" content="0; url=/elsewhere"><p>This page has moved.</p>'),
  page('/latin1', '<meta charset="iso-8859-1"><title>Caf\u00e9 culture</title>'),
  {...page('/binary', ''), headers: {'content-type': 'application/pdf'}, body: Buffer.from('%PDF-1.7 binary')}
]

describe('page reader', () => {
  it('reads here when no built thread entry sits beside it (the TypeScript sources)', () => {
    expect(sourceReader()).toBe(readHere)
  })

  it('reads a burst of pages here one per turn: a timer (a host\'s next request) is not held up behind all of them', async () => {
    await readHere.read(pages[0]!) // loads the reader
    const burst = Array.from({length: 40}, (_, index) => pages[index % pages.length]!)
    let read = 0
    const reading = burst.map((response) => readHere.read(response).finally(() => read++))
    const readWhenTimerFired = await new Promise<number>((done) => setTimeout(() => done(read), 0))
    expect(readWhenTimerFired).toBeLessThan(burst.length)
    expect(await Promise.all(reading)).toEqual(burst.map((response) => readPage(response)))
  })

  it('gives the same facts on its thread as read here', async () => {
    const reader = built.pageReader()
    // The first page starts the thread, and waits for it.
    expect(await reader.read(pages[0]!)).toEqual(readPage(pages[0]!))
    await sleep(500)
    try {
      const many = Array.from({length: 40}, (_, index) => pages[index % pages.length]!)
      const facts = await Promise.all(many.map((response) => reader.read(response)))
      expect(facts).toEqual(many.map((response) => readPage(response)))
    } finally {
      await reader.close()
    }
  })

  const own = os.getPriority()
  const niceThread = Math.min(19, own + 10)
  it.runIf(process.platform === 'linux' && niceThread !== own)('runs its thread 10 steps nicer on Linux, and the calling thread keeps its priority', async () => {
    const before = threadsAt(niceThread)
    const reader = built.pageReader()
    try {
      await reader.read(pages[0]!) // starts the thread
      for (let waited = 0; threadsAt(niceThread) === before && waited < 5000; waited += 50) await sleep(50)
      expect(threadsAt(niceThread)).toBe(before + 1)
      expect(os.getPriority()).toBe(own)
    } finally {
      await reader.close()
    }
  })

  it('loses no page when the thread stops before it is ready, with pages waiting for it', async () => {
    const reader = built.pageReader()
    const reading = pages.map((response) => reader.read(response))
    await reader.close()
    expect(await Promise.all(reading)).toEqual(pages.map((response) => readPage(response)))
  })

  it('loses no page when the thread stops with pages still being read', async () => {
    const reader = built.pageReader()
    await reader.read(pages[0]!)
    await sleep(500)
    const reading = pages.map((response) => reader.read(response))
    await reader.close()
    expect(await Promise.all(reading)).toEqual(pages.map((response) => readPage(response)))
  })
})

/** Threads of this process at nice value `nice` (`/proc/self/task/<id>/stat`, field 19). */
function threadsAt(nice: number): number {
  return readdirSync('/proc/self/task').filter((id) => {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === nice
    } catch {
      return false // the thread ended while listed
    }
  }).length
}
