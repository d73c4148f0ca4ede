// Offline mode: record a live run into fixtures, replay it with no network, deterministic; bad fixtures reported.

import {execFile} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lintLiveness as lint} from './helpers/lint.js'
import {html, redirect, startWeb, status, testResolve, type Web} from './helpers/web.js'

let web: Web
const folder = mkdtempSync(join(tmpdir(), 'citations-offline-'))

beforeAll(async () => {
  web = await startWeb({
    '/ok': (request, response) => {
      response.setHeader('set-cookie', 'session=abc')
      html('A fine page')(request, response)
    },
    '/gone': status(404),
    '/challenge': status(403, {'cf-mitigated': 'challenge'}, '<title>Just a moment...</title>'),
    '/moved': (request, response) => redirect(301, `http://other.test:${web.port}/ok`)(request, response)
  })
})

afterAll(async () => {
  await closeSharedVerifiers()
  await web.close()
  rmSync(folder, {recursive: true, force: true})
})

function document(): string {
  const origin = web.origin('site.test')
  return [
    `* [A fine page](${origin}/ok)`,
    `* [Gone](${origin}/gone)`,
    `* [Walled](${origin}/challenge)`,
    `* [Moved](${origin}/moved)`,
    `* [Nowhere](http://nx.test:${web.port}/x)`,
    ''
  ].join('\n')
}

describe('offline fixtures', () => {
  it('record writes every hop; replay gives the same messages with the servers gone', async () => {
    const fixtures = join(folder, 'recorded.json')
    const live = await lint(document(), {allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, offline: {fixtures, record: true}})
    // Written when the verifier closes (or every quarter second, or as the process exits: see the CLI test below).
    await closeSharedVerifiers()
    const recorded = JSON.parse(readFileSync(fixtures, 'utf8'))
    expect(Object.keys(recorded.responses)).toEqual(Object.keys(recorded.responses).sort())
    expect(Object.keys(recorded.responses)).toHaveLength(6) // five URLs, plus the redirect's target
    expect(JSON.stringify(recorded)).not.toContain('set-cookie')
    const hitsBefore = web.hits('/ok') + web.hits('/gone')

    const replayed = await lint(document(), {offline: {fixtures}})
    const again = await lint(document(), {offline: {fixtures}}, 'again.md')
    expect(replayed.messages).toEqual(live.messages)
    expect(again.messages).toEqual(live.messages)
    expect(live.messages).toHaveLength(4)
    expect(web.hits('/ok') + web.hits('/gone')).toBe(hitsBefore)
  })

  it('a URL missing from the fixtures is flagged as not yet checked, never fetched', async () => {
    const fixtures = join(folder, 'empty.json')
    writeFileSync(fixtures, JSON.stringify({version: 1, responses: {}}))
    const before = web.hits('/ok')
    const {messages} = await lint(`Read [it](http://127.0.0.1:${web.port}/ok?new).\n`, {offline: {fixtures}, allowPrivateAddresses: ['127.0.0.1/32']})
    expect(messages).toEqual([expect.stringContaining('(`not in the offline fixtures`) [citation-reachable]')])
    expect(web.hits('/ok')).toBe(before)
  })

  it.each([true, 'background'] as const)('a replay answers under `cacheOnly: %j` (the editor recipe beside fixtures): the fixtures, not "not yet checked"', async (cacheOnly) => {
    const fixtures = join(folder, 'editor.json')
    writeFileSync(fixtures, JSON.stringify({version: 1, responses: {'https://example.com/gone': {status: 404, headers: {'content-type': 'text/html'}}}}))
    const {messages} = await lint('Read [it](https://example.com/gone).\n', {offline: {fixtures}, cacheOnly})
    expect(messages).toEqual([expect.stringContaining('dead citation `https://example.com/gone`, expected a live source (`404 Not Found`) [citation-alive, error]')])
  })

  it('hand-written keys and header names are read as requests ask: URLs serialised, header names in any case', async () => {
    const fixtures = join(folder, 'hand-written.json')
    const notFound = {status: 404, headers: {'Content-Type': 'text/html'}, body: '<title>Not found</title>'}
    const responses = {
      'https://bare.example': notFound,
      'https://bücher.example/buch': notFound,
      'https://short.example/a': {status: 301, headers: {Location: 'https://target.example/b'}},
      'https://target.example/b': {status: 200, headers: {'Content-Type': 'text/html'}, body: '<title>B</title>'},
      'https://short.example/c': {status: 301, headers: {Location: 'https://target.example/missing'}}
    }
    writeFileSync(fixtures, JSON.stringify({version: 1, responses}))
    const cited = ['https://bare.example', 'https://bücher.example/buch', 'https://short.example/a', 'https://short.example/c']
    const {messages} = await lint(cited.map((url) => `* [source](${url})\n`).join(''), {offline: {fixtures}})
    expect(messages).toEqual([
      // The messages show each URL as written; the fixtures were found under the form requests ask for.
      expect.stringContaining('dead citation `https://bare.example`, expected a live source (`404 Not Found`)'),
      expect.stringContaining('dead citation `https://bücher.example/buch`, expected a live source (`404 Not Found`)'),
      expect.stringContaining('redirect of citation `https://short.example/a` to another site `https://target.example/b`'),
      // The hop that is missing is named: the cited URL is in the file.
      expect.stringContaining('(`not in the offline fixtures: redirect to https://target.example/missing`)')
    ])
  })

  it.each([
    ['missing.json', undefined, /Cannot read offline fixtures `.*missing\.json`/],
    ['corrupt.json', '{"version": 1, "responses": {', /Cannot parse offline fixtures `.*corrupt\.json`, expected JSON/],
    ['wrong.json', '{"version": 2}', /Unexpected offline fixtures `.*wrong\.json`, expected `\{"version": 1/],
    ['entry.json', '{"version": 1, "responses": {"https://a.example/": {"statuz": 200}}}', /Unexpected fixture for `https:\/\/a\.example\/`/],
    ['code.json', '{"version": 1, "responses": {"https://a.example/": {"error": "EWHAT"}}}', /Unexpected fixture for `https:\/\/a\.example\/` in `.*code\.json`: `error` "EWHAT", expected a network error code/],
    ['headers.json', '{"version": 1, "responses": {"https://a.example/": {"status": 200, "headers": "x", "body": 5}}}', /`headers`, expected an object of strings/],
    ['body.json', '{"version": 1, "responses": {"https://a.example/": {"status": 200, "body": 5}}}', /`body`, expected a string/],
    ['status.json', '{"version": 1, "responses": {"https://a.example/": {"status": 2000}}}', /Unexpected fixture for `https:\/\/a\.example\/`/],
    ['key.json', '{"version": 1, "responses": {"a.example/": {"status": 200}}}', /Unexpected fixture key `a\.example\/` in `.*key\.json`, expected an absolute URL without `#fragment`/],
    ['fragment.json', '{"version": 1, "responses": {"https://a.example/#top": {"status": 200}}}', /Unexpected fixture key `https:\/\/a\.example\/#top` in `.*fragment\.json`, expected an absolute URL/],
    ['same.json', '{"version": 1, "responses": {"https://a.example": {"status": 200}, "https://a.example/": {"status": 404}}}', /Unexpected fixture key `https:\/\/a\.example\/` in `.*same\.json`: the same request as `https:\/\/a\.example`/]
  ])('%s: one clear fatal message, no crash, no checks', async (name, content, expected) => {
    const fixtures = join(folder, name)
    if (content !== undefined) writeFileSync(fixtures, content)
    const {messages, file} = await lint('[x](https://a.example/)\n', {offline: {fixtures}})
    expect(messages).toEqual([expect.stringMatching(expected)])
    expect(file.messages[0]!.fatal).toBe(true)
  })

  it('recording where the fixtures cannot be written: one clear fatal message before any check, not one per citation', async () => {
    // Reads as missing (so: start empty), but nothing can be written there.
    symlinkSync(join(folder, 'unmounted'), join(folder, 'link'))
    const fixtures = join(folder, 'link', 'fixtures.json')
    const before = web.hits('/ok')
    const {messages, file} = await lint(`[x](http://127.0.0.1:${web.port}/ok?unrecorded).\n`, {offline: {fixtures, record: true}, allowPrivateAddresses: ['127.0.0.1/32']})
    expect(messages).toEqual([expect.stringMatching(/^1:1: Cannot write offline fixtures `.*link\/fixtures\.json`: ENOENT/)])
    expect(file.messages[0]!.fatal).toBe(true)
    expect(web.hits('/ok')).toBe(before)
  })
})

describe('offline fixtures through the real `remark` CLI', () => {
  const root = resolve(import.meta.dirname, '..')
  const remark = join(root, 'node_modules', '.bin', 'remark')

  async function cli(cwd: string, record: boolean): Promise<{code: number; stderr: string}> {
    const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
    const options = {allowPrivateAddresses: ['127.0.0.1/32'], offline: {fixtures: 'fixtures.json', record}}
    writeFileSync(join(cwd, '.remarkrc.mjs'), `import recommended, {configure} from ${JSON.stringify(entry)}\nexport default {plugins: [recommended, [configure, ${JSON.stringify(options)}]]}\n`)
    try {
      const {stderr} = await promisify(execFile)(remark, ['.', '--no-color', '--no-stdout'], {cwd, env: {...process.env, NO_COLOR: '1'}})
      return {code: 0, stderr}
    } catch (error) {
      return error as {code: number; stderr: string}
    }
  }

  it('a recording run writes every answer of every file by the time it exits, and a replay gives the same report without a request', async () => {
    const project = mkdtempSync(join(root, 'test', '.offline-cli-'))
    try {
      const origin = `http://127.0.0.1:${web.port}`
      for (let index = 0; index < 30; index++) {
        writeFileSync(join(project, `doc-${index}.md`), `See [a page](${origin}/ok?${index}) and [another](${origin}/gone?${index}).\n`)
      }
      const live = await cli(project, true)
      const recorded = JSON.parse(readFileSync(join(project, 'fixtures.json'), 'utf8'))
      // Every cited URL (and the soft-404 rule's one probe of the host's folder).
      expect(Object.keys(recorded.responses).filter((key) => /\/(ok|gone)\?\d+$/.test(key))).toHaveLength(60)
      const before = web.hits('/ok') + web.hits('/gone')
      const replayed = await cli(project, false)
      expect(web.hits('/ok') + web.hits('/gone')).toBe(before)
      expect([replayed.code, replayed.stderr]).toEqual([live.code, live.stderr])
      expect(live.stderr.match(/citation-alive/g)).toHaveLength(30)
    } finally {
      rmSync(project, {recursive: true, force: true})
    }
  })
})

describe('options', () => {
  it.each([
    [{timeot: 1}, /^1:1: Unexpected option `timeot` \(did you mean `timeout`\?\), expected one of `timeout`, `maxRedirects`/],
    [{HostConcurrency: 1}, /^1:1: Unexpected option `HostConcurrency` \(did you mean `hostConcurrency`\?\), expected one of/],
    [{colour: 1}, /^1:1: Unexpected option `colour`, expected one of `timeout`, `maxRedirects`/],
    [{timeout: -5}, /Unexpected `timeout` `-5`, expected an integer from 1 to 2147483647/],
    [{timeout: Number.NaN}, /Unexpected `timeout` `NaN`, expected an integer from 1 to 2147483647/],
    // A string that reads as a number or a boolean is quoted: else the message seems to refuse the value asked for.
    [{timeout: '5000'}, /Unexpected `timeout` `"5000"`, expected an integer from 1 to 2147483647/],
    [{cacheOnly: 'true'}, /Unexpected `cacheOnly` `"true"`, expected `true`, `false` or `'background'`/],
    [{cacheTtl: {alive: Number.POSITIVE_INFINITY}}, /Unexpected `cacheTtl.alive` `Infinity`, expected milliseconds/],
    [{timeoutAction: 'delete'}, /Unexpected `timeoutAction` `delete`, expected `flagged` or `removed`/],
    [{skip: ['(']}, /Unexpected `skip` pattern `\(`, expected a valid regular expression/],
    [{allowPrivateAddresses: ["not a cidr"]}, /Unexpected `allowPrivateAddresses\[0\]` `not a cidr`, expected an address range/],
    [{offline: {record: true}}, /Unexpected `offline`/],
    // A nested option is named in full: `recrod` alone does not say where it is.
    [{offline: {fixtures: 'f.json', recrod: true}}, /Unexpected option `offline.recrod` \(did you mean `offline.record`\?\), expected one of `fixtures`, `record`/],
    [{registries: {doibase: 'https://doi.example'}}, /Unexpected option `registries.doibase` \(did you mean `registries.doiBase`\?\), expected one of `doiBase`/],
    [{github: {tokn: 'ghp_secret'}}, /^1:1: Unexpected option `github.tokn` \(did you mean `github.token`\?\), expected one of `token`, `apiBase` \[/],
    [{registries: {doiBase: 'https://user:secret@doi.example'}}, /^1:1: Unexpected `registries.doiBase` `https:\/\/REDACTED@doi.example\/`, expected an http\(s\) URL/],
    [{cacheOnly: true, cache: false}, /Unexpected `cacheOnly` `true` with `cache` `false`, expected a cache to answer from/],
    // Node timers wait at most 2^31 - 1 ms: a longer wait fired at once (every citation timed out; a huge gap spun).
    [{timeout: 2_592_000_000}, /Unexpected `timeout` `2592000000`, expected an integer from 1 to 2147483647/],
    [{hostInterval: 1e20}, /Unexpected `hostInterval` `100000000000000000000`, expected an integer from 0 to 2147483647/],
    [{hosts: {'a.example': {interval: 2 ** 31}}}, /Unexpected `hosts.a.example.interval` `2147483648`, expected an integer from 0 to 2147483647/]
  ])('%j → a fatal message naming the option', async (options, expected) => {
    const {messages, file} = await lint('[x](https://a.example/)\n', options as never)
    expect(messages).toEqual([expect.stringMatching(expected)])
    expect(file.messages[0]!.fatal).toBe(true)
  })

  it('skip patterns keep URLs from being checked at all', async () => {
    const {messages} = await lint(`[x](http://127.0.0.1:${web.port}/gone)\n`, {skip: ['127\\.0\\.0\\.1']})
    expect(messages).toEqual([])
  })
})
