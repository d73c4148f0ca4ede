// citation-url-safety through the whole pipeline: refused before any connection, secrets never shown.

import {promises as dnsPromises} from 'node:dns'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {citationCredibility} from '../rules/index.js'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lint as lintAll, lintLiveness as lint} from './helpers/lint.js'
import {html, redirect, startWeb, type Web} from './helpers/web.js'
import type {Resolve} from '../src/net/lookup.js'

let web: Web
let origin: string

/** `site.test` is the test server; `rebind.test` resolves to a private address. No DNS is asked. */
const resolve: Resolve = async (hostname) => {
  if (hostname === 'site.test') return [{address: '127.0.0.1', family: 4}]
  if (hostname === 'rebind.test') return [{address: '10.1.2.3', family: 4}]
  if (hostname === 'mixed.test') return [{address: '127.0.0.1', family: 4}, {address: '192.168.1.1', family: 4}]
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'})
}
const options = {allowPrivateAddresses: ['127.0.0.1/32'], resolve}

beforeAll(async () => {
  web = await startWeb({
    '/ok': html('Fine'),
    '/anchored': html('Anchored', '<h2 id="intro">Intro</h2><p>Heat pumps sold well in Europe this year.</p>'),
    '/to-metadata': redirect(302, 'http://169.254.169.254/latest/meta-data/'),
    '/to-other-loopback': (request, response) => redirect(302, `http://127.0.0.2:${web.port}/ok`)(request, response),
    '/to-rebind': (request, response) => redirect(302, `http://rebind.test:${web.port}/ok`)(request, response),
    '/to-file': redirect(302, 'file:///etc/passwd'),
    '/signed-download': (request, response) => redirect(302, `http://site.test:${web.port}/ok?X-Amz-Signature=abc123`)(request, response)
  })
  origin = web.origin('site.test')
})

afterAll(async () => {
  await closeSharedVerifiers()
  await web.close()
})

describe('targets refused before any connection', () => {
  const spellings = [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://127.1/',
    'http://0.0.0.0/',
    'http://0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://172.16.0.1/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://localhost/',
    'http://sub.localhost/'
  ]
  it.each(spellings)('%s → removed by citation-url-safety', async (url) => {
    // No opt-in here: even the test server's own loopback address is refused.
    const {messages} = await lint(`[x](${url})\n`, {resolve})
    expect(messages).toEqual([expect.stringMatching(/Unexpected unsafe citation .*private address .* \[citation-url-safety, error\]$/)])
  })

  it('reaches nothing: the test server sees no request when its address is not opted in', async () => {
    const before = web.hits('/ok')
    await lint(`[x](http://127.0.0.1:${web.port}/ok) [y](http://site.test:${web.port}/ok)\n`, {resolve})
    expect(web.hits('/ok')).toBe(before)
  })

  it('a name that resolves to a private address is refused, and so is a mixed answer', async () => {
    expect((await lint(`[x](http://rebind.test:${web.port}/ok)\n`, options)).messages).toEqual([
      expect.stringContaining('private address 10.1.2.3')
    ])
    expect((await lint(`[x](http://mixed.test:${web.port}/ok)\n`, options)).messages).toEqual([
      expect.stringContaining('[citation-url-safety, error]')
    ])
  })

  it("names of private use (.internal, .local, .home.arpa) are an intranet's: looked up where private ranges are allowed, and checked as any other", async () => {
    // The system's resolver, as the intranet's DNS would answer; no `resolve` option.
    const lookup = vi.spyOn(dnsPromises, 'lookup').mockImplementation((async (hostname: string) =>
      [{address: hostname === 'metadata.google.internal' ? '169.254.169.254' : '127.0.0.1', family: 4}]) as never)
    try {
      const hosts = ['wiki.corp.internal', 'sharepoint.corp.local', 'nas.home.arpa', 'metadata.google.internal', 'docs.example']
      const markdown = hosts.map((host) => `* <http://${host}:${web.port}/ok>\n`).join('')
      const {messages} = await lint(markdown, {allowPrivateAddresses: ['127.0.0.1/32']})
      expect(messages.sort()).toEqual([
        expect.stringMatching(/^4:.*Unexpected unsafe citation .*\(`metadata\.google\.internal resolves to private address 169\.254\.169\.254 \(linkLocal\)`\)/),
        expect.stringMatching(/^5:.*Unexpected dead citation .*\(`no such host docs\.example`\)/)
      ])
      expect(lookup.mock.calls.map(([hostname]) => hostname).sort()).toEqual(['metadata.google.internal', 'nas.home.arpa', 'sharepoint.corp.local', 'wiki.corp.internal'])
      // Without the opt-in, no such name is looked up: it could only be refused.
      lookup.mockClear()
      expect((await lint(markdown.replaceAll('/ok', '/ok?strict'), {})).messages).toHaveLength(hosts.length)
      expect(lookup).not.toHaveBeenCalled()
    } finally {
      lookup.mockRestore()
    }
  })

  it("a name of private use in docs (host.docker.internal, a cluster's .svc.cluster.local) is private, never dead", async () => {
    // Without the opt-in no such name is looked up: DNS could not say the host is gone, so `--fix` must not unlink it.
    const lookup = vi.spyOn(dnsPromises, 'lookup').mockRejectedValue(new Error('DNS must not be asked'))
    try {
      const markdown = '* <http://host.docker.internal:8080/>\n* <http://api.default.svc.cluster.local/>\n'
      expect((await lint(markdown, {})).messages).toEqual([
        '1:4-1:37: Unexpected unsafe citation `http://host.docker.internal:8080/`, expected a public http(s) URL (`host.docker.internal is a name of private use, not looked up`) [citation-url-safety, error]',
        '2:4-2:41: Unexpected unsafe citation `http://api.default.svc.cluster.local/`, expected a public http(s) URL (`api.default.svc.cluster.local is a name of private use, not looked up`) [citation-url-safety, error]'
      ])
      expect(lookup).not.toHaveBeenCalled()
    } finally {
      lookup.mockRestore()
    }
  })

  it('a Tor onion service in docs cannot be checked: a warning, never dead', async () => {
    // DNS cannot say whether an onion address exists, so `--fix` must not unlink a newspaper's Tor mirror.
    const lookup = vi.spyOn(dnsPromises, 'lookup').mockRejectedValue(new Error('DNS must not be asked'))
    try {
      const markdown = '* <https://www.nytimesn7cgmftshazwhfgzm37qxb44r64ytbb2dj3x62d2lljsciiyd.onion/>\n'
      expect((await lint(markdown, {})).messages).toEqual([
        '1:4-1:79: Unexpected unverifiable citation `https://www.nytimesn7cgmftshazwhfgzm37qxb44r64ytbb2dj3x62d2lljsciiyd.onion/`, expected a source that can be checked (`www.nytimesn7cgmftshazwhfgzm37qxb44r64ytbb2dj3x62d2lljsciiyd.onion is a Tor onion service, reachable only through Tor`) [citation-reachable]'
      ])
      expect(lookup).not.toHaveBeenCalled()
    } finally {
      lookup.mockRestore()
    }
  })

  it('a public-looking URL that redirects to a private one is refused at that hop', async () => {
    const {messages} = await lint(
      `[a](${origin}/to-metadata) [b](${origin}/to-other-loopback) [c](${origin}/to-rebind) [d](${origin}/to-file)\n`,
      options
    )
    expect(messages).toEqual([
      expect.stringContaining('(`redirect to private address 169.254.169.254'),
      expect.stringContaining('(`redirect to private address 127.0.0.2'),
      expect.stringMatching(/\(`redirect to rebind.test resolves to private address 10.1.2.3/),
      expect.stringContaining('(`redirect to scheme file:')
    ])
  })

  it('a server-made signed URL on a redirect hop is followed, not called a leaked secret', async () => {
    expect((await lint(`[x](${origin}/signed-download)\n`, options)).messages).toEqual([])
  })

  it('non-http(s) schemes are unsafe; mailto and relative links are not citations', async () => {
    const {messages} = await lint('[a](javascript:alert(1)) [b](file:///etc/passwd) [c](mailto:a@b.c) [d](./local.md)\n', options)
    expect(messages).toEqual([
      expect.stringContaining('scheme javascript:'),
      expect.stringContaining('scheme file:')
    ])
  })
})

describe('secrets never leave', () => {
  it('userinfo is refused, never fetched, and redacted in the message', async () => {
    const before = web.hits('/ok')
    const {messages} = await lint(`[x](http://alice:hunter2@site.test:${web.port}/ok)\n`, options)
    expect(messages).toEqual([expect.stringContaining('[citation-url-safety, error]')])
    expect(messages[0]).not.toContain('hunter2')
    expect(messages[0]).not.toContain('alice')
    expect(web.hits('/ok')).toBe(before)
  })

  // A URL to fill in is no citation, but a real token written in one has leaked all the same.
  it('a secret in a URL holding a placeholder is refused all the same', async () => {
    const token = `ghp_${'a1B2c3D4e5'.repeat(3)}a1B2c3`
    const markdown = `Clone [it](https://x-access-token:${token}@github.test/{owner}/{repo}.git).\n\nCall https://api.test/v1/{id}?api_key=s3cr3t\n`
    const {messages} = await lint(markdown, options)
    expect(messages).toEqual([
      '1:12-1:106: Unexpected unsafe citation `https://REDACTED@github.test/%7Bowner%7D/%7Brepo%7D.git`, expected a public http(s) URL (`credentials in the URL`) [citation-url-safety, error]',
      '3:6-3:45: Unexpected unsafe citation `https://api.test/v1/%7Bid%7D?api_key=REDACTED`, expected a public http(s) URL (`secret in query parameter api_key`) [citation-url-safety, error]'
    ])
    expect(messages.join()).not.toMatch(/ghp_|s3cr3t/)
  })

  it('secret query values are refused, never fetched, and redacted', async () => {
    const before = web.hits('/ok')
    const {messages, file} = await lint(`[x](${origin}/ok?access_token=s3cr3t&page=2)\n`, options)
    expect(messages).toEqual([
      `1:5-1:${5 + `${origin}/ok?access_token=s3cr3t&page=2`.length}: Unexpected unsafe citation \`${origin}/ok?access_token=REDACTED&page=2\`, expected a public http(s) URL (\`secret in query parameter access_token\`) [citation-url-safety, error]`
    ])
    expect(JSON.stringify(file.messages)).not.toContain('s3cr3t')
    expect(web.hits('/ok')).toBe(before)
  })

  it('a secret in the fragment (an OAuth implicit-flow token) is refused, never fetched, and redacted', async () => {
    const before = web.hits('/ok')
    const url = `${origin}/ok#access_token=s3cr3t&state=1`
    const {messages, file} = await lint(`[x](${url})\n`, options)
    expect(messages).toEqual([
      `1:5-1:${5 + url.length}: Unexpected unsafe citation \`${origin}/ok#access_token=REDACTED&state=1\`, expected a public http(s) URL (\`secret in fragment parameter access_token\`) [citation-url-safety, error]`
    ])
    expect(JSON.stringify(file.messages)).not.toContain('s3cr3t')
    expect(web.hits('/ok')).toBe(before)
  })

  it('a secret in the path (a session id) is refused, never fetched, and redacted', async () => {
    const url = `${origin}/app;jsessionid=ABC123`
    const {messages, file} = await lint(`[x](${url})\n`, options)
    expect(messages).toEqual([
      `1:5-1:${5 + url.length}: Unexpected unsafe citation \`${origin}/app;jsessionid=REDACTED\`, expected a public http(s) URL (\`secret in path\`) [citation-url-safety, error]`
    ])
    expect(JSON.stringify(file.messages)).not.toContain('ABC123')
    expect(web.hits('/app;jsessionid=ABC123')).toBe(0)
  })

  it('a paper\'s URL with a secret is refused before its registry or its landing page is asked', async () => {
    // The registries on loopback, as test/registries.test.ts has them; a DOI is resolved through `doiBase`.
    const seen: string[] = []
    const registry = await startWeb({'*': (request, response) => void (seen.push(request.url ?? ''), response.writeHead(404).end())})
    const base = registry.origin('site.test')
    const registries = {doiBase: base, crossrefBase: base, dataciteBase: base, arxivBase: base, eutilsBase: base, waybackBase: base}
    try {
      const markdown = '[a](https://doi.org/10.1234/abc?token=xyz) [b](https://doi.org/10.1234/abc#access_token=xyz) [c](https://arxiv.org/abs/1706.03762?token=xyz)\n'
      const {messages} = await lint(markdown, {...options, registries})
      expect(messages).toEqual([
        '1:5-1:42: Unexpected unsafe citation `https://doi.org/10.1234/abc?token=REDACTED`, expected a public http(s) URL (`secret in query parameter token`) [citation-url-safety, error]',
        '1:48-1:92: Unexpected unsafe citation `https://doi.org/10.1234/abc#access_token=REDACTED`, expected a public http(s) URL (`secret in fragment parameter access_token`) [citation-url-safety, error]',
        '1:98-1:140: Unexpected unsafe citation `https://arxiv.org/abs/1706.03762?token=REDACTED`, expected a public http(s) URL (`secret in query parameter token`) [citation-url-safety, error]'
      ])
      expect(seen).toEqual([])
    } finally {
      await registry.close()
    }
  })

  it('a secret in a path segment is redacted up to the next `/`: the rest of the path is shown', async () => {
    const url = `${origin}/files/token=abc/report.pdf`
    const {messages} = await lint(`[x](${url})\n`, options)
    expect(messages).toEqual([
      `1:5-1:${5 + url.length}: Unexpected unsafe citation \`${origin}/files/token=REDACTED/report.pdf\`, expected a public http(s) URL (\`secret in path\`) [citation-url-safety, error]`
    ])
  })

  it('a fragment without secrets is not sent: one fetch of the page, each anchor checked against it', async () => {
    const before = web.hits('/anchored')
    const markdown = `[x](${origin}/anchored#intro) [y](${origin}/anchored#missing) [z](${origin}/anchored#page=2)\n`
    const {messages} = await lintAll(markdown, options, 'doc.md', [[citationCredibility, false]])
    expect(messages).toEqual([expect.stringMatching(/^1:48-1:87: Unexpected missing anchor `#missing` .*\[citation-fragment\]$/)])
    expect(web.hits('/anchored')).toBe(before + 1)
  })

  // A URL nested in a parameter's value, raw or percent-encoded, leaks its own secret or credentials when published.
  it.each([
    ['next=https://b.test/?token=abc', 'abc', 'next=https://b.test/?token=REDACTED', 'next'],
    ['q=https://b.test/%3Ftoken%3Dabc', 'abc', 'q=https://b.test/%3Ftoken%3DREDACTED', 'q'],
    ['redirect_uri=https%3A%2F%2Fb.test%2Fcb%3Fsig%3Dxyz', 'xyz', 'redirect_uri=https%3A%2F%2Fb.test%2Fcb%3Fsig%3DREDACTED', 'redirect_uri'],
    ['u=https%3A%2F%2Fuser%3Apw%40host.test', 'user%3Apw', 'u=https%3A%2F%2FREDACTED%40host.test', 'u']
  ])('a secret nested in a query value (%s) is refused, never fetched, and redacted', async (query, secret, shown, name) => {
    const before = web.hits('/ok')
    const url = `${origin}/ok?page=2&${query}`
    const {messages, file} = await lint(`[x](${url})\n`, options)
    expect(messages).toEqual([
      `1:5-1:${5 + url.length}: Unexpected unsafe citation \`${origin}/ok?page=2&${shown}\`, expected a public http(s) URL (\`secret nested in query parameter ${name}\`) [citation-url-safety, error]`
    ])
    expect(JSON.stringify(file.messages)).not.toContain(secret)
    expect(web.hits('/ok')).toBe(before)
  })

  it('a URL nested in a query value without secrets is fetched like any other', async () => {
    const before = web.hits('/ok')
    const {messages} = await lint(
      `[a](${origin}/ok?next=https://b.test/?page=2) [b](${origin}/ok?r=https%3A%2F%2Fb.test%2F%3Fsort%3Dasc%26author%3Dme)\n`,
      options
    )
    expect(messages).toEqual([])
    expect(web.hits('/ok')).toBe(before + 2)
  })

  it('a value of thousands of nested pairs (`q=a=a=a…`) is fetched and shown whole, not called a secret', async () => {
    const before = web.hits('/ok')
    const url = `${origin}/ok?q=${'a='.repeat(6_000)}a`
    expect((await lint(`[x](${url})\n`, options)).messages).toEqual([])
    expect(web.hits('/ok')).toBe(before + 1)
    expect((await lint(`[x](${url}&token=abc)\n`, options)).messages).toEqual([
      expect.stringMatching(/citation `http:\/\/site\.test:\d+\/ok\?q=a=a=a.*a=a&token=REDACTED`.*\(`secret in query parameter token`\)/)
    ])
  })

  it('a secret name set to `true` or `false` (`?auth=false`) is a switch: fetched and shown whole', async () => {
    const before = web.hits('/ok')
    const {messages} = await lint(`[x](${origin}/ok?auth=false) [y](${origin}/ok?page=2&session=true)\n`, options)
    expect(messages).toEqual([])
    expect(web.hits('/ok')).toBe(before + 2)
  })

  it('a malformed URL gets a clear, positioned message, not a crash', async () => {
    const {messages} = await lint('A [broken](<https://exa mple.com/x>) and [ipv6](http://[::1/x) link.\n', options)
    expect(messages).toEqual([
      '1:13-1:35: Unexpected malformed URL `https://exa mple.com/x`, expected a valid absolute URL [citation-url-safety, error]',
      '1:49-1:62: Unexpected malformed URL `http://[::1/x`, expected a valid absolute URL [citation-url-safety, error]'
    ])
  })
})

/** A fake token: `prefix`, then `length` characters of `alphabet` (built here, so no scanner sees a literal token). */
function fake(prefix: string, length: number, alphabet = 'aB3dE6gH9k'): string {
  return prefix + alphabet.repeat(Math.ceil(length / alphabet.length)).slice(0, length)
}

describe('credential-shaped values, under any name, are secrets too', () => {
  const jwt = `${fake('eyJ', 20)}.${fake('eyJ', 30)}.${fake('', 43)}`
  const shapes: Array<[string, string, string, string]> = [
    ['a GitHub token', `/ok?t=${fake('ghp_', 36)}`, '/ok?t=REDACTED', 'secret in query parameter t'],
    ['a GitHub fine-grained token', `/ok/${fake('github_pat_', 82)}`, '/ok/REDACTED', 'secret in path'],
    ['a Stripe secret key', `/ok?s=${fake('sk_live_', 24)}`, '/ok?s=REDACTED', 'secret in query parameter s'],
    ['a Stripe restricted key', `/ok?s=${fake('rk_live_', 24)}`, '/ok?s=REDACTED', 'secret in query parameter s'],
    ['a Slack bot token', `/ok?c=${fake('xoxb-123456789012-', 24)}`, '/ok?c=REDACTED', 'secret in query parameter c'],
    ['a Slack user token', `/ok?c=${fake('xoxp-123456789012-', 32)}`, '/ok?c=REDACTED', 'secret in query parameter c'],
    ['a Slack webhook', `/services/T0A1B2C3D4/B0A1B2C3D4/${fake('', 24)}`, '/services/T0A1B2C3D4/B0A1B2C3D4/REDACTED', 'secret in path'],
    ['a Discord webhook', `/api/webhooks/123456789012345678/${fake('', 68)}`, '/api/webhooks/123456789012345678/REDACTED', 'secret in path'],
    ['an AWS access key id', `/ok?id=${fake('AKIA', 16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`, '/ok?id=REDACTED', 'secret in query parameter id'],
    ['a Google API key', `/ok?k=${fake('AIza', 35)}`, '/ok?k=REDACTED', 'secret in query parameter k'],
    ['a JWT in the fragment', `/ok#${jwt}`, '/ok#REDACTED', 'secret in fragment'],
    ['an OpenAI key', `/ok?k=${fake('sk-proj-', 30)}T3BlbkFJ${fake('', 30)}`, '/ok?k=REDACTED', 'secret in query parameter k']
  ]
  it.each(shapes)('%s is refused, never fetched, and redacted', async (_, rest, shown, reason) => {
    const seen: string[] = []
    const server = await startWeb({'*': (request, response) => void (seen.push(request.url ?? ''), html('Fine')(request, response))})
    try {
      const url = `${server.origin('site.test')}${rest}`
      const {messages, file} = await lint(`[x](${url})\n`, options)
      expect(messages).toEqual([
        `1:5-1:${5 + url.length}: Unexpected unsafe citation \`${server.origin('site.test')}${shown}\`, expected a public http(s) URL (\`${reason}\`) [citation-url-safety, error]`
      ])
      expect(JSON.stringify(file.messages)).not.toContain(rest.slice(-12))
      expect(seen).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('ordinary URLs that look random are fetched and shown whole', async () => {
    const paths = [
      '/o/r/commit/0123456789abcdef0123456789abcdef01234567',
      '/item/123e4567-e89b-12d3-a456-426614174000',
      '/p/aGVsbG8gd29ybGQsIHRoaXMgaXMgYmFzZTY0IHRleHQ',
      `/w/X${fake('AKIA', 16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
      '/wiki/Sk-proj_(disambiguation)',
      '/blog/sk-proj-management-for-beginners-and-everyone-else',
      `/ok?t=${fake('ghp_', 37)}`,
      '/docs/sk_live_keys'
    ]
    const before = paths.map((path) => web.hits(path.replace(/\?.*/, '')))
    const markdown = paths.map((path) => `[x](${origin}${path})`).join(' ')
    const {messages} = await lint(`${markdown}\n`, options)
    expect(messages.filter((message) => message.includes('citation-url-safety'))).toEqual([])
    expect(paths.map((path) => web.hits(path.replace(/\?.*/, '')))).toEqual(before.map((count) => count + 1))
  })
})
