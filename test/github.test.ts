// github.com citations with a token: what the page leaves open (429s, 404s of private repositories) is settled by
// the REST API, asked with the token; without a token nothing is asked. github.com is a local server here.

import {execFile} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import type {IncomingMessage} from 'node:http'
import {tmpdir} from 'node:os'
import {join, resolve as resolvePath} from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {Resolve} from '../src/net/lookup.js'
import {apiPathsOf} from '../src/verify/github.js'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lintLiveness} from './helpers/lint.js'
import {html, startWeb, status, testResolve, type Web} from './helpers/web.js'

let site: Web
let api: Web
const seen: Array<string | undefined> = []

/** github.com and api.test are this machine; nothing else resolves. */
const resolve: Resolve = async (hostname) => (hostname === 'github.com' ? [{address: '127.0.0.1', family: 4}] : testResolve(hostname))

beforeAll(async () => {
  site = await startWeb({
    '/acme/tool': status(429, {'retry-after': '1'}),
    '/acme/private': status(404),
    '/acme/gone': status(404),
    '/acme/tool/issues/7': status(429, {'retry-after': '1'}),
    '/acme/open': html('acme/open'),
    '/acme/tool/blob/release/1.0/docs/a.md': status(429, {'retry-after': '1'}),
    '/acme/tool/blob/release/1.0/docs/gone.md': status(429, {'retry-after': '1'}),
    '/advisories/GHSA-jfh8-c2jp-5v3q': status(429, {'retry-after': '1'})
  })
  const authorised = (handler: ReturnType<typeof status>) => (request: IncomingMessage, response: Parameters<ReturnType<typeof status>>[1]) => {
    seen.push(request.headers.authorization)
    if (request.headers.authorization !== 'Bearer t0ken') return status(401)(request, response)
    return handler(request, response)
  }
  api = await startWeb({
    '/repos/acme/tool': authorised(status(200, {'content-type': 'application/json'}, '{}')),
    '/repos/acme/private': authorised(status(200, {'content-type': 'application/json'}, '{}')),
    '/repos/acme/gone': authorised(status(404, {'content-type': 'application/json'}, '{"message":"Not Found"}')),
    '/repos/acme/tool/issues/7': authorised(status(200, {'content-type': 'application/json'}, '{}')),
    // A file on the branch `release/1.0`; asked on a branch `release`, GitHub has no such ref.
    '/repos/acme/tool/contents/docs/a.md': authorised((request, response) => {
      const ref = new URL(request.url ?? '', 'http://x').searchParams.get('ref')
      status(ref === 'release/1.0' ? 200 : 404, {'content-type': 'application/json'}, '{}')(request, response)
    })
  })
})

afterAll(async () => {
  await closeSharedVerifiers()
  await Promise.all([site.close(), api.close()])
})

function options(token?: string) {
  return {
    allowPrivateAddresses: ['127.0.0.1/32'],
    resolve,
    retries: 0,
    timeout: 1000,
    ...(token ? {github: {token, apiBase: api.origin('api.test')}} : {})
  }
}

const page = (path: string) => `http://github.com:${site.port}${path}`

describe('github.com citations with a token', () => {
  it('a rate-limited repository and issue are alive by the API; a private one too; a missing one is dead', async () => {
    const markdown = [
      `[tool](${page('/acme/tool')}) [issue](${page('/acme/tool/issues/7')})`,
      `[private](${page('/acme/private')}) [gone](${page('/acme/gone')}).`,
      ``
    ].join('\n')
    const {messages} = await lintLiveness(markdown, options('t0ken'))
    expect(messages).toEqual([
      expect.stringMatching(/^2:\d+-2:\d+: Unexpected dead citation `.*\/acme\/gone`, expected a live source \(`GitHub API: no \/repos\/acme\/gone`\) \[citation-alive, error\]$/)
    ])
    expect(new Set(seen)).toEqual(new Set(['Bearer t0ken']))
    expect(messages.join('\n')).not.toContain('t0ken')
  })

  it('a file on a branch whose name has a slash is alive by the API; one on no branch is dead', async () => {
    const {messages} = await lintLiveness(
      `[file](${page('/acme/tool/blob/release/1.0/docs/a.md')}) [gone](${page('/acme/tool/blob/release/1.0/docs/gone.md')}).\n`,
      options('t0ken')
    )
    expect(messages).toEqual([
      expect.stringMatching(/^1:\d+-1:\d+: Unexpected dead citation `.*\/docs\/gone\.md`, expected a live source \(`GitHub API: no \/repos\/acme\/tool\/contents\/1\.0\/docs\/gone\.md`\) \[citation-alive, error\]$/)
    ])
  })

  it('a rate-limited security advisory is no repository: not asked of the API, so never dead', async () => {
    const {messages} = await lintLiveness(`[advisory](${page('/advisories/GHSA-jfh8-c2jp-5v3q')}).\n`, options('t0ken'))
    expect(messages).toEqual([expect.stringContaining('(`rate limited, 429 Too Many Requests`) [citation-reachable]')])
  })

  it('without a token the API is never asked: the page’s answer stands', async () => {
    const before = seen.length
    const {messages} = await lintLiveness(`[tool](${page('/acme/tool')}) [private](${page('/acme/private')}).\n`, options())
    expect(messages).toEqual([
      expect.stringContaining('(`404 Not Found`) [citation-alive, error]'),
      expect.stringContaining('(`rate limited, 429 Too Many Requests`) [citation-reachable]')
    ])
    expect(seen.length).toBe(before)
  })

  it('a page that answered is not asked about again', async () => {
    const before = seen.length
    const {messages} = await lintLiveness(`[open](${page('/acme/open')}).\n`, options('t0ken'))
    expect(messages).toEqual([])
    expect(seen.length).toBe(before)
  })

  it('a token given or taken away since the last run is heeded at once, not once the cached answer expires', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'github-cache-'))
    try {
      const markdown = `[private](${page('/acme/private')}).\n`
      const run = async (token?: string) => {
        await closeSharedVerifiers()
        return (await lintLiveness(markdown, {...options(token), cache})).messages
      }
      const dead = [expect.stringContaining('(`404 Not Found`) [citation-alive, error]')]
      expect(await run()).toEqual(dead)
      expect(await run('t0ken')).toEqual([])
      expect(await run()).toEqual(dead)
      // Each answer is cached under its own setting: a second run with the same one reads it.
      const before = site.hits('/acme/private')
      expect(await run()).toEqual(dead)
      expect(site.hits('/acme/private')).toBe(before)
    } finally {
      await closeSharedVerifiers()
      rmSync(cache, {recursive: true, force: true})
    }
  })

  it('an invalid token option names the option, never the value', async () => {
    const {messages} = await lintLiveness(`[x](${page('/acme/open')}).\n`, {...options(), github: {token: 42 as unknown as string}})
    expect(messages).toEqual(['1:1: Unexpected `github.token` (not a non-empty string), expected `{token: \'…\'}`, optionally with `apiBase: \'https://…\'` [configure, error]'])
  })
})

describe('which github.com URLs the API can settle', () => {
  it.each([
    ['https://github.com/acme/tool', ['/repos/acme/tool']],
    ['https://github.com/acme/tool.git', ['/repos/acme/tool']],
    ['https://www.github.com/acme/tool/pull/12', ['/repos/acme/tool/issues/12']],
    ['https://github.com/acme/tool/blob/main/a%20b.md', ['/repos/acme/tool/contents/a%20b.md?ref=main']],
    ['https://github.com/acme/tool/tree/v1.2/src', ['/repos/acme/tool/contents/src?ref=v1.2', '/repos/acme/tool/contents/?ref=v1.2%2Fsrc']],
    // Where a ref with a slash ends cannot be told: each reading, up to three segments.
    [
      'https://github.com/acme/tool/blob/release/1.0/docs/x/a.md',
      [
        '/repos/acme/tool/contents/1.0/docs/x/a.md?ref=release',
        '/repos/acme/tool/contents/docs/x/a.md?ref=release%2F1.0',
        '/repos/acme/tool/contents/x/a.md?ref=release%2F1.0%2Fdocs'
      ]
    ],
    ['https://github.com/features/actions', []],
    ['https://github.com/advisories/GHSA-jfh8-c2jp-5v3q', []],
    ['https://github.com/acme', []],
    ['https://github.com/acme/tool/wiki/Home', []],
    ['https://gitlab.com/acme/tool', []]
  ])('%s → %j', (url, paths) => {
    expect(apiPathsOf(url)).toEqual(paths)
  })
})

describe('the bin', () => {
  it('takes the token from REMARK_LINT_CITATIONS_GITHUB_TOKEN (as the Action passes it), merged over the config', async () => {
    const root = resolvePath(import.meta.dirname, '..')
    const folder = mkdtempSync(join(root, 'test', '.cli-github-'))
    try {
      const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
      writeFileSync(
        join(folder, '.remarkrc.mjs'),
        [
          `import recommended, {configure} from ${JSON.stringify(entry)}`,
          `const resolve = async (name) => name === 'github.com' || name.endsWith('.test') ? [{address: '127.0.0.1', family: 4}] : Promise.reject(Object.assign(new Error('ENOTFOUND'), {code: 'ENOTFOUND'}))`,
          `export default {plugins: [recommended, [configure, {allowPrivateAddresses: ['127.0.0.1/32'], resolve, retries: 0, timeout: 1000, cache: false, github: {apiBase: ${JSON.stringify(api.origin('api.test'))}}}]]}`,
          ``
        ].join('\n')
      )
      writeFileSync(join(folder, 'doc.md'), `See [private](${page('/acme/private')}).\n`)
      const bin = join(root, 'dist', 'src', 'cli', 'bin.js')
      const run = (env: Record<string, string>) =>
        promisify(execFile)(process.execPath, [bin, 'doc.md', '--no-color'], {cwd: folder, env: {...process.env, ...env}}).then(
          () => 0,
          (error: {code: number}) => error.code
        )
      expect(await run({})).toBe(1)
      expect(await run({REMARK_LINT_CITATIONS_GITHUB_TOKEN: 't0ken'})).toBe(0)
    } finally {
      rmSync(folder, {recursive: true, force: true})
    }
  })
})
