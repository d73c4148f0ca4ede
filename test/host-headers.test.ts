// `hosts[h].headers`: request headers (a token, a cookie) for one host's pages, as on an intranet docs site or an
// API that wants a key; never sent to another host, never shown, and part of what the cache is keyed by.

import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lintLiveness} from './helpers/lint.js'
import {html, redirect, startWeb, status, testResolve, type Web} from './helpers/web.js'

let web: Web
/** The `authorization` header each request to `/elsewhere` carried. */
const elsewhere: Array<string | undefined> = []

beforeAll(async () => {
  web = await startWeb({
    '/wiki': (request, response) =>
      request.headers.authorization === 'Bearer s3cret-t0ken' && request.headers['x-team'] === 'docs'
        ? html('Team wiki')(request, response)
        : status(401, {'www-authenticate': 'Bearer'})(request, response),
    '/to-elsewhere': (request, response) => redirect(302, `http://other.test:${web.port}/elsewhere`)(request, response),
    '/elsewhere': (request, response) => {
      elsewhere.push(request.headers.authorization)
      html('Elsewhere')(request, response)
    }
  })
})

afterAll(async () => {
  await closeSharedVerifiers()
  await web.close()
})

const headers = {'wiki.test': {headers: {Authorization: 'Bearer s3cret-t0ken', 'X-Team': 'docs'}}}

async function check(url: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const options = {allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0, ...extra}
  return (await lintLiveness(`See [the page](${url}).\n`, options)).messages
}

describe('hosts[h].headers', () => {
  it("sends the host's headers to it, so a page behind a token is checked", async () => {
    const url = `http://wiki.test:${web.port}/wiki`
    expect(await check(url)).toEqual([expect.stringMatching(/Unexpected paywalled citation .*\(`401 with WWW-Authenticate`\) \[citation-reachable\]$/)])
    expect(await check(url, {hosts: headers})).toEqual([])
  })

  it('a `*.domain` entry sends them to every host under the domain', async () => {
    expect(await check(`http://wiki.test:${web.port}/wiki?wildcard`, {hosts: {'*.test': headers['wiki.test']}})).toEqual([])
  })

  it('never sends them to another host, also after a redirect', async () => {
    await check(`http://wiki.test:${web.port}/to-elsewhere`, {hosts: headers, redirectResolvers: ['wiki.test']})
    expect(elsewhere).toEqual([undefined])
  })

  it('a cached answer got without the headers is not used once they are set', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'citations-headers-'))
    try {
      const url = `http://wiki.test:${web.port}/wiki?cached`
      await closeSharedVerifiers()
      expect(await check(url, {cache})).toHaveLength(1)
      await closeSharedVerifiers()
      const before = web.hits('/wiki')
      expect(await check(url, {cache, hosts: headers})).toEqual([])
      expect(web.hits('/wiki')).toBe(before + 1)
    } finally {
      await closeSharedVerifiers()
      rmSync(cache, {recursive: true, force: true})
    }
  })

  it('a bad header name or value is one fatal message that never shows a value', async () => {
    expect(await check(`http://wiki.test:${web.port}/wiki`, {hosts: {'wiki.test': {headers: {'Bad Name': 'x'}}}})).toEqual([
      expect.stringContaining('Unexpected header name `Bad Name` in `hosts.wiki.test.headers`, expected an HTTP header the request may carry')
    ])
    expect(await check(`http://wiki.test:${web.port}/wiki`, {hosts: {'wiki.test': {headers: {Host: 'x'}}}})).toEqual([
      expect.stringContaining('Unexpected header name `Host` in `hosts.wiki.test.headers`')
    ])
    const [message] = await check(`http://wiki.test:${web.port}/wiki`, {hosts: {'wiki.test': {headers: {cookie: 'session=abc\r\nX-Injected: 1'}}}})
    expect(message).toContain('Unexpected value of `hosts.wiki.test.headers.cookie` (not shown), expected a string without line breaks')
    expect(message).not.toContain('session=abc')
  })
})
