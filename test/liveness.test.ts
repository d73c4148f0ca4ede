// The source-url-verification seed's test table and the issue's liveness rules, against real loopback servers.

import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lint as lintAll, lintLiveness as lint} from './helpers/lint.js'
import {html, redirect, startWeb, status, testResolve, type Web} from './helpers/web.js'

let web: Web
let origin: string
const cloudflareChallenge = '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Enable JavaScript and cookies to continue</body></html>'
let flaky429 = 0

beforeAll(async () => {
  web = await startWeb({
    '/ok': html('PEP 8 – Style Guide for Python Code'),
    '/no-title': (_, response) => response.writeHead(200, {'content-type': 'text/html'}).end('<p>no title here</p>'),
    '/gone': status(410),
    '/paywall': status(403, {}, '<title>Subscribe to continue reading | The Daily</title><form action="/login"><input type=password></form>'),
    '/forbidden': status(403, {}, '<p>Forbidden</p>'),
    // The same behind Cloudflare, whose bot detection script is on every page it serves.
    '/paywall-cf': status(403, {server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f6789-FRA'}, '<title>Subscribe to continue reading | The Daily</title><form action="/login"><input type=password></form><script>(function(){var a=document.createElement("script");a.src="/cdn-cgi/challenge-platform/scripts/jsd/main.js";document.head.appendChild(a)})()</script>'),
    '/payment': status(402),
    '/sign-in-required': status(401, {'content-type': 'application/json'}, '{"error": "unauthorized"}'),
    '/members-only': redirect(302, '/account/signin?returnTo=%2Fmembers-only'),
    '/account/signin': html('Sign in', '<form><input type="password" name="pw"></form>'),
    // A private wiki's sign-in page, answered with a 200 at the cited page's address; and Apple's guide to its sign-in.
    '/spaces/ENG/roadmap': html('Sign in · Acme Wiki', '<h1>Welcome back</h1><form><input name="user"><input type="password" name="pw"></form>'),
    '/sign-in-with-apple': html('Sign in with Apple - Apple Developer', `<h1>Sign in with Apple</h1>${'<p>Sign in with Apple makes it easy for users to sign in to your apps and websites using their Apple Account. Instead of filling out forms, verifying email addresses and choosing passwords, they set up an account and start using your app right away.</p>'.repeat(20)}`),
    // A help article on signing in: short, no sign-in form of its own, at an address that is no sign-in page's.
    '/mail/answer/8494': html('Sign in to Gmail - Computer - Gmail Help', '<h1>Sign in to Gmail</h1><p>To open Gmail, you can sign in from a computer or add your account to the Gmail app on your phone or tablet. Once you are signed in, open your inbox to check your mail.</p><h2>Sign in</h2><ol><li>On your computer, go to gmail.com.</li><li>Enter your Google Account email or phone number and password.</li><li>If information is already filled in and you need to sign in to a different account, click Use another account.</li></ol><p>Tip: If you sign in to a public computer, make sure to sign out before you leave the computer.</p>'),
    // A short forum thread with a login box in its header, at its canonical address (`www.`, a trailing slash).
    '/thread/': (request, response) => {
      if (request.url?.endsWith('?www') && !request.headers.host?.startsWith('www.')) return redirect(301, `http://www.site.test:${web.port}/thread/?www`)(request, response)
      html('How do I reset the widget? - Widget Forum', '<form action="/login"><input name="user"><input type="password" name="pw"></form><p>Hold the button for thirty seconds.</p>')(request, response)
    },
    '/thread': redirect(301, '/thread/'),
    '/thread/index.php': redirect(301, '/thread/'),
    '/server-error': status(500),
    '/challenge': status(403, {'cf-mitigated': 'challenge', server: 'cloudflare'}, cloudflareChallenge),
    '/challenge-503': status(503, {server: 'cloudflare'}, cloudflareChallenge),
    '/linkedin': status(999),
    // Amazon's robot check, as a 200 (also sent as a 503).
    '/dp/B0': status(200, {}, '<!doctype html><html><head><title dir="ltr">Amazon.com</title></head><body><h4>Type the characters you see in this image:</h4><form method="get" action="/errors/validateCaptcha" name=""><input name="field-keywords"></form><p>Sorry, we just need to make sure you\'re not a robot.</p></body></html>'),
    // F5 BIG-IP ASM's default block page (IEEE Xplore's, NGINX App Protect's), sent as a 200.
    '/rejected': status(200, {'cache-control': 'no-cache', pragma: 'no-cache', connection: 'close'}, "<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Please consult with your administrator.<br><br>Your support ID is: 14396929317839226498<br><br><a href='javascript:history.back();'>[Go Back]</a></body></html>"),
    // sphinx-reredirects' stub: a script sends the reader on, a <noscript> refresh too.
    '/docs/old.html': status(200, {}, '<html><head><noscript><meta http-equiv="refresh" content="0; url=moved.html" /></noscript><script>var target = "moved.html";if (window.location.hash) {window.location.replace(target + window.location.hash);} else {window.location.replace(target);}</script></head></html>'),
    '/slow': () => {}, // never answers
    '/rate-limited': status(429, {'retry-after': '1'}),
    '/rate-limited-once': (request, response) => {
      flaky429++
      if (flaky429 === 1) response.writeHead(429, {'retry-after': '1'}).end()
      else html('Back again')(request, response)
    },
    '/same-site': redirect(301, '/ok'),
    '/to-https-www': (request, response) => redirect(301, `http://www.site.test:${web.port}/ok`)(request, response),
    '/other-site': (request, response) => redirect(301, `http://elsewhere.test:${web.port}/ok`)(request, response),
    '/other-site-signed': (request, response) => redirect(301, `http://elsewhere.test:${web.port}/ok?X-Amz-Signature=abcdef123`)(request, response),
    '/other-site-302': (request, response) => redirect(302, `http://elsewhere.test:${web.port}/ok`)(request, response),
    '/doi': (request, response) => redirect(302, `http://publisher.test:${web.port}/ok`)(request, response),
    '/loop-a': redirect(302, '/loop-b'),
    '/loop-b': redirect(302, '/loop-a'),
    // A consent check: redirects to itself with cookies set, then answers once they come back.
    '/consent': (request, response) => {
      if (/(?:^|; )seen=1(?:;|$)/.test(request.headers.cookie ?? '') && /(?:^|; )lang=en(?:;|$)/.test(request.headers.cookie ?? '')) {
        html('The report')(request, response)
        return
      }
      response.writeHead(302, {location: '/consent', 'set-cookie': ['seen=1; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT', 'lang=en; HttpOnly']})
      response.end()
    },
    // A session check on a host of its own: its cookie is for the whole site (`Domain`), the article wants it.
    '/sso-article': (request, response) => {
      if (/(?:^|; )checked=1(?:;|$)/.test(request.headers.cookie ?? '')) return html('The article')(request, response)
      const back = encodeURIComponent(`http://www.site.test:${web.port}${request.url}`)
      redirect(302, `http://sso.site.test:${web.port}/sso-check?domain=${request.url?.includes('suffix') ? 'test' : 'site.test'}&return=${back}`)(request, response)
    },
    '/sso-check': (request, response) => {
      const query = new URL(request.url ?? '', 'http://x').searchParams
      response.writeHead(302, {location: query.get('return') ?? '/', 'set-cookie': `checked=1; Path=/; Domain=.${query.get('domain')}`})
      response.end()
    },
    // One that sets a cookie and loops all the same.
    '/cookie-loop': (_request, response) => {
      response.writeHead(302, {location: '/cookie-loop', 'set-cookie': 'seen=1'})
      response.end()
    },
    ...Object.fromEntries(Array.from({length: 7}, (_, index) => [`/chain-${index}`, redirect(302, `/chain-${index + 1}`)])),
    '/chain-7': html('End of the chain'),
    '/to-private': redirect(302, 'http://10.0.0.1/admin'),
    // Google's cookie consent for YouTube (Maps, Search) readers in Europe, and a page about consent reached by a redirect.
    '/watch': (request, response) => redirect(302, `http://consent.site.test:${web.port}/m?continue=${encodeURIComponent(`http://www.site.test:${web.port}${request.url}&cbrd=1`)}&gl=DE&m=0&pc=yt&cm=2&hl=en&src=1`)(request, response),
    '/m': html('Before you continue to YouTube', '<form method="POST" action="/save"><button>Reject all</button><button>Accept all</button></form><p>We use cookies and data to deliver and maintain Google services.</p>'),
    '/about-consent': redirect(301, '/guidance/consent/'),
    '/app/settings': (request, response) => redirect(302, `/oauth/consent?client_id=app&redirect_uri=${encodeURIComponent(`http://site.test:${web.port}/app/callback`)}`)(request, response),
    '/oauth/consent': html('Authorize App', '<form method="POST"><button>Allow</button></form>'),
    '/guidance/consent/': html('Consent | Data protection guidance', '<p>Consent means offering individuals real choice and control.</p>'),
    // LinkedIn's sign-up wall, whose title asks to sign up rather than sign in.
    '/in/someone': (request, response) => redirect(302, `/authwall?trk=gf&sessionRedirect=${encodeURIComponent(`http://site.test:${web.port}/in/someone`)}`)(request, response),
    '/authwall': html('Sign Up | LinkedIn', '<h1>Join LinkedIn</h1><form><input name="email-address"><button>Agree &amp; Join</button></form>'),
    // Location as raw bytes: UTF-8 for `/café` (a latin1 string is sent byte for byte), and one header sent twice.
    '/utf8-location': (_, response) => response.writeHead(301, {location: '/caf\u00c3\u00a9'}).end(),
    '/caf%C3%A9': html('Café'),
    '/twice-location': (_, response) => response.setHeader('location', ['/ok', '/ok']).writeHead(301).end(),
    '/to-other-loopback': (request, response) => redirect(302, `http://127.0.0.2:${web.port}/ok`)(request, response),
    // A chain that leaves the site on its second hop, and a long one that leaves on its last.
    '/hop-a': redirect(301, '/hop-b'),
    '/hop-b': (request, response) => redirect(302, `http://elsewhere.test:${web.port}/hop-c`)(request, response),
    '/hop-c': redirect(307, '/ok'),
    ...Object.fromEntries(Array.from({length: 6}, (_, index) => [`/far-${index}`, redirect(302, `/far-${index + 1}`)])),
    '/far-6': (request, response) => redirect(301, `http://elsewhere.test:${web.port}/ok`)(request, response)
  })
  origin = web.origin('site.test')
})

afterAll(async () => {
  await closeSharedVerifiers()
  await web.close()
})

const options = () => ({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, timeout: 500})

async function one(url: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  return (await lint(`See [the source](${url}).\n`, {...options(), ...extra})).messages
}

describe('seed table (source-url-verification)', () => {
  it('200 → ok, no message', async () => {
    expect(await one(`${origin}/ok`)).toEqual([])
  })

  it('200 without a title → ok', async () => {
    expect(await one(`${origin}/no-title`)).toEqual([])
  })

  it('404 → removed', async () => {
    expect(await one(`${origin}/missing`)).toEqual([
      `1:18-1:${18 + `${origin}/missing`.length}: Unexpected dead citation \`${origin}/missing\`, expected a live source (\`404 Not Found\`) [citation-alive, error]`
    ])
  })

  it('a redirect to a sign-in page that answers 200 → flagged as paywalled (a login wall)', async () => {
    const [message] = await one(`${origin}/members-only`)
    expect(message).toMatch(/Unexpected paywalled citation .*\/members-only`, expected a source readers can open \(`redirected to sign in \(login title “Sign in”\), 200 OK`\) \[citation-reachable\]$/)
    // A sign-in page cited as itself is what it is.
    expect(await one(`${origin}/account/signin`)).toEqual([])
    // So is a page with a login box reached at its canonical address: it is the cited page, not a sign-in page.
    expect(await one(`${origin}/thread`)).toEqual([])
    expect(await one(`${origin}/thread/?www`)).toEqual([])
    expect(await one(`${origin}/thread/index.php`)).toEqual([])
  })

  it('a sign-in wall answered with a 200 in the cited page\'s place → flagged as paywalled: the page was never read', async () => {
    const wall = `${origin}/spaces/ENG/roadmap`
    const {messages} = await lintAll(`See [Quarterly roadmap for widgets](${wall}).\n`, options())
    expect(messages).toEqual([
      `1:37-1:${37 + wall.length}: Unexpected paywalled citation \`${wall}\`, expected a source readers can open (\`login title “Sign in · Acme Wiki” in the page's place, 200 OK\`) [citation-reachable]`,
      expect.stringContaining('[citation-credibility]')
    ])
    // A short help article titled so, with no sign-in form, is a page.
    expect(await one(`${origin}/mail/answer/8494`)).toEqual([])
    // A long page titled with a login phrase is a page: a title naming another is reported.
    const guide = `${origin}/sign-in-with-apple`
    expect(await one(guide)).toEqual([])
    const {messages: guideMessages} = await lintAll(`See [the guide](${guide} "Apple Pay on the Web").\n`, options())
    expect(guideMessages).toContainEqual(expect.stringContaining('Unexpected cited title “Apple Pay on the Web”'))
  })

  it('403 paywall → flagged as paywalled', async () => {
    const [message] = await one(`${origin}/paywall`)
    expect(message).toMatch(/Unexpected paywalled citation .*\/paywall`, expected a source readers can open \(`.*403 Forbidden`\) \[citation-reachable\]$/)
    expect(await one(`${origin}/paywall-cf`)).toEqual([expect.stringMatching(/Unexpected paywalled citation .*\(`login form, 403 Forbidden`\)/)])
  })

  it('5xx → flagged', async () => {
    expect(await one(`${origin}/server-error`)).toEqual([
      expect.stringMatching(/Unexpected unverifiable citation .*\(`500 Internal Server Error`\) \[citation-reachable\]$/)
    ])
  })

  it('DNS failure → removed', async () => {
    expect(await one(`http://nx-publisher.test:${web.port}/paper`)).toEqual([
      expect.stringMatching(/Unexpected dead citation .*\(`no such host nx-publisher.test`\) \[citation-alive, error\]$/)
    ])
  })

  it('no answer from the resolver (offline, DNS server down) → flagged, retried, never cached, never dead', async () => {
    let lookups = 0
    const resolverDown: typeof testResolve = async (hostname) => {
      if (!hostname.startsWith('offline')) return testResolve(hostname)
      lookups++
      throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), {code: 'EAI_AGAIN', hostname})
    }
    const cache = mkdtempSync(join(tmpdir(), 'citations-dns-'))
    try {
      const url = `http://offline-publisher.test:${web.port}/paper`
      for (const run of [1, 2]) {
        expect(await one(url, {resolve: resolverDown, cache, retries: 1})).toEqual([
          expect.stringMatching(/Unexpected unverifiable citation .*\(`no DNS answer for offline-publisher.test \(resolver unavailable\)`\) \[citation-reachable\]$/)
        ])
        // Two tries each run (`retries: 1`): the second run was not answered from the cache.
        expect(lookups).toBe(2 * run)
        await closeSharedVerifiers()
      }
    } finally {
      rmSync(cache, {recursive: true, force: true})
    }
  })

  it('a resolver that fails once, then answers → ok', async () => {
    let lookups = 0
    const flaky: typeof testResolve = async (hostname) => {
      if (hostname.startsWith('flaky-dns') && ++lookups === 1) {
        throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), {code: 'EAI_AGAIN', hostname})
      }
      return testResolve(hostname)
    }
    expect(await one(`http://flaky-dns.test:${web.port}/ok`, {resolve: flaky})).toEqual([])
    expect(lookups).toBe(2)
  })

  it('timeout → flagged by default, after one retry', async () => {
    const before = web.hits('/slow')
    expect(await one(`${origin}/slow`)).toEqual([
      expect.stringMatching(/Unexpected unanswered citation .*\(`no answer within 0.5 s`\) \[citation-reachable\]$/)
    ])
    expect(web.hits('/slow') - before).toBe(2)
  })

  it('timeout → removed with the strict option', async () => {
    expect(await one(`${origin}/slow?strict`, {timeoutAction: 'removed'})).toEqual([
      expect.stringMatching(/Unexpected dead citation .*\(`no answer within 0.5 s`\) \[citation-alive, error\]$/)
    ])
  })

  it('redirect on the same site (and http → www) → ok', async () => {
    expect(await one(`${origin}/same-site`)).toEqual([])
    expect(await one(`${origin}/to-https-www`)).toEqual([])
  })

  it('a Location in raw UTF-8 bytes, or sent twice, is followed as browsers follow it → ok', async () => {
    expect(await one(`${origin}/utf8-location`)).toEqual([])
    expect(await one(`${origin}/twice-location`)).toEqual([])
  })

  it('redirect to another site → flagged, with the final URL offered when permanent', async () => {
    const {file} = await lint(`See [the source](${origin}/other-site).\n`, options())
    expect(file.messages.map(String)).toEqual([
      `doc.md:1:18-1:${18 + `${origin}/other-site`.length}: Unexpected redirect of citation \`${origin}/other-site\` to another site \`http://elsewhere.test:${web.port}/ok\`, expected the cited source (\`301 Moved Permanently\`)`
    ])
    expect(file.messages[0]!.actual).toBe(`${origin}/other-site`)
    expect(file.messages[0]!.expected).toEqual([`http://elsewhere.test:${web.port}/ok`])
    const temporary = await lint(`See [the source](${origin}/other-site-302).\n`, options())
    expect(temporary.file.messages[0]!.expected).toBeUndefined()
    // A final URL with a secret is shown redacted, and offered as no fix: an editor would write `REDACTED`.
    const signed = await lint(`See [the source](${origin}/other-site-signed).\n`, options())
    expect(signed.file.messages[0]!.reason).toContain('X-Amz-Signature=REDACTED')
    expect(signed.file.messages[0]!.expected).toBeUndefined()
  })

  it('a cross-site redirect over several hops names each hop\'s status, a long chain its ends', async () => {
    expect(await one(`${origin}/hop-a`)).toEqual([
      expect.stringContaining(
        `to another site \`http://elsewhere.test:${web.port}/ok\`, expected the cited source (3 redirects: \`301 Moved Permanently\` → \`302 Found\` → \`307 Temporary Redirect\`) [citation-reachable]`
      )
    ])
    expect(await one(`${origin}/far-0`, {maxRedirects: 8})).toEqual([
      expect.stringContaining('expected the cited source (7 redirects: `302 Found` → `302 Found` → … → `302 Found` → `301 Moved Permanently`) [citation-reachable]')
    ])
  })

  it('batch: mixed results, one message per problem, each at its own place', async () => {
    const markdown = [
      `* [ok](${origin}/ok)`,
      `* [gone](${origin}/gone)`,
      `* [paywalled](${origin}/payment)`,
      `* [broken](${origin}/server-error?batch)`,
      `* [moved](${origin}/same-site?batch)`
    ].join('\n')
    const limit = Error.stackTraceLimit
    const {messages} = await lint(markdown, options())
    expect(messages.map((message) => message.split(':')[0] + ' ' + message.match(/\[(citation-[a-z-]+)/)![1])).toEqual([
      '2 citation-alive',
      '3 citation-reachable',
      '4 citation-reachable'
    ])
    // Messages are made without stack traces (vfile-message drops them), and everyone else's errors keep theirs.
    expect(Error.stackTraceLimit).toBe(limit)
    expect(new Error('after').stack).toContain('liveness.test')
  })
})

// remark-gfm links a URL after an unclosed `[` once parsed, without positions: unified-message-control drops messages
// there (a gap), so they were shown at the document's last leaf, where that leaf's comments applied instead of theirs.
it('a URL in square brackets is reported at its own place, under its own lint comments', async () => {
  const markdown = [
    'Intro.',
    '',
    `Sources: [see ${origin}/gone?a]`,
    '',
    '<!--lint ignore citation-alive-->',
    `Also [see ${origin}/gone?b]`,
    '',
    `Text [c ${origin}/gone?c`,
    '',
    '<!--lint disable citation-alive-->',
    '',
    'End.',
    ''
  ].join('\n')
  const {messages} = await lint(markdown, options())
  expect(messages.map((message) => message.replace(/-\d+:\d+: .*`(http[^`]*)`.*\[(citation-[a-z-]+).*/, ' $1 $2'))).toEqual([
    `3:15 ${origin}/gone?a citation-alive`,
    `8:9 ${origin}/gone?c citation-alive`
  ])
})

it('a link before a URL in square brackets is reported under its own lint comments, not those at the end', async () => {
  // The text around the URL in brackets has no position: its link's own URL sits in what lint comments take for a gap.
  const paragraphs = [`See [the page](${origin}/gone?d) [see ${origin}/ok?e] today.`, '', `Also [that page](${origin}/gone?f) [see ${origin}/ok?g].`]
  const report = async (markdown: string) =>
    (await lint(markdown, options())).messages.map((message) => message.replace(/-\d+:\d+: .*`(http[^`]*)`.*\[(citation-[a-z-]+).*/, ' $1 $2'))
  const endsDisabled = ['<!--lint ignore citation-alive-->', ...paragraphs, '', 'End.', '', '<!--lint disable citation-alive-->', ''].join('\n')
  expect(await report(endsDisabled)).toEqual([`4:18 ${origin}/gone?f citation-alive`])
  const endsIgnored = ['<!--lint ignore citation-alive-->', ...paragraphs, '', '<!--lint ignore citation-alive-->', 'End.', ''].join('\n')
  expect(await report(endsIgnored)).toEqual([`4:18 ${origin}/gone?f citation-alive`])
})

describe('liveness beyond the seed', () => {
  it('a very long URL is shown cut in the middle, its start and end kept; the message still sits on the whole URL', async () => {
    const url = `${origin}/missing?q=${'x'.repeat(5000)}&end=here`
    const [message] = await one(url)
    const shown = /Unexpected dead citation `([^`]*)`/.exec(message!)![1]!
    expect([...shown]).toHaveLength(191)
    expect(shown).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/missing\\?q=x+…x+&end=here$`))
    expect(message).toMatch(new RegExp(`^1:18-1:${18 + url.length}: `))
  })

  it('a URL of 200,000 slashes gets its message at once', async () => {
    // Each `/` of the run was tried as the start of the trailing slashes (comparing the cited and final pages): minutes.
    const url = `${origin}/x${'/'.repeat(200_000)}y`
    const [message] = await one(url)
    expect(message).toMatch(/^1:18-1:200\d+: Unexpected unverifiable citation `.*`, expected a source that can be checked \(`431 Request Header Fields Too Large`\)/)
  })

  it('a host name of 200,000 characters is a malformed URL, said at once', async () => {
    // The URL parser takes it: matching its suffixes against the host and credibility tables took minutes.
    const url = `http://${'www.'.repeat(50_000)}site.test:${web.port}/ok`
    expect(await one(url)).toEqual([expect.stringMatching(/^1:18-1:200\d+: Unexpected malformed URL `http:\/\/www\.www\..*`, expected a valid absolute URL \[citation-url-safety, error\]$/)])
  })

  it('410 Gone → removed', async () => {
    expect(await one(`${origin}/gone`)).toEqual([expect.stringContaining('(`410 Gone`) [citation-alive, error]')])
  })

  it('connection refused → removed', async () => {
    expect(await one('http://site.test:1/closed')).toEqual([
      expect.stringContaining('(`connection refused by site.test`) [citation-alive, error]')
    ])
  })

  it('redirect loop → removed', async () => {
    expect(await one(`${origin}/loop-a`)).toEqual([expect.stringContaining('(`redirect loop`) [citation-alive, error]')])
    expect(await one(`${origin}/cookie-loop`)).toEqual([expect.stringContaining('(`redirect loop`) [citation-alive, error]')])
  })

  it('a redirect to itself that sets cookies gets them back, as a browser does → ok', async () => {
    expect(await one(`${origin}/consent`)).toEqual([])
  })

  it('a session check on another host of the site gets its cookie back where its Domain says → ok', async () => {
    expect(await one(`http://www.site.test:${web.port}/sso-article`)).toEqual([])
    // A cookie for a public suffix (`Domain=.test`) goes nowhere, as in a browser: the check loops.
    expect(await one(`http://www.site.test:${web.port}/sso-article?suffix`)).toEqual([expect.stringContaining('(`redirect loop`) [citation-alive, error]')])
  })

  it('a chain longer than 5 hops that does not loop → flagged, not removed', async () => {
    expect(await one(`${origin}/chain-0`)).toEqual([
      expect.stringContaining('Unexpected redirect chain at citation')
    ])
    expect(await one(`${origin}/chain-2`)).toEqual([]) // exactly 5 hops is fine
  })

  it('401, 402 and a plain 403 → flagged, never removed', async () => {
    expect(await one(`${origin}/payment`)).toEqual([expect.stringContaining('Unexpected paywalled citation')])
    // A 401 asks for a sign-in, with or without a page or a WWW-Authenticate header to say so.
    expect(await one(`${origin}/sign-in-required`)).toEqual([expect.stringContaining('Unexpected paywalled citation')])
    expect(await one(`${origin}/forbidden`)).toEqual([expect.stringContaining('(`403 Forbidden`) [citation-reachable]')])
  })

  it('bot walls (Cloudflare challenge, also as 503; LinkedIn 999; Amazon\'s robot check as a 200) → flagged as blocked', async () => {
    expect(await one(`${origin}/challenge`)).toEqual([expect.stringMatching(/Unexpected blocked citation .*cloudflare.*403 Forbidden`\) \[citation-reachable\]$/)])
    expect(await one(`${origin}/challenge-503`)).toEqual([expect.stringMatching(/Unexpected blocked citation .*503 Service Unavailable`\) \[citation-reachable\]$/)])
    expect(await one(`${origin}/linkedin`)).toEqual([expect.stringMatching(/Unexpected blocked citation .*999/)])
    expect(await one(`${origin}/dp/B0`)).toEqual([expect.stringMatching(/Unexpected blocked citation .*\(`amazon bot wall, 200 OK`\) \[citation-reachable\]$/)])
  })

  it('a redirect stub whose script and <noscript> refresh name one page is followed: where it leads is judged', async () => {
    expect(await one(`${origin}/docs/old.html`)).toEqual([
      expect.stringMatching(/Unexpected dead citation .*\/docs\/old\.html`, expected a live source \(`404 Not Found`\) \[citation-alive, error\]$/)
    ])
  })

  it('F5\'s block page sent as a 200 → flagged as blocked, its title not taken for the cited page\'s', async () => {
    const url = `${origin}/rejected`
    const {messages} = await lintAll(`As [Attention-based widgets for sensor fusion](${url}) shows, widgets fuse.\n`, options())
    expect(messages).toEqual([
      `1:48-1:${48 + url.length}: Unexpected blocked citation \`${url}\`, expected a source that lets the checker read it (\`f5 bot wall, 200 OK\`) [citation-reachable]`,
      expect.stringContaining('[citation-credibility]')
    ])
  })

  it('a redirect to a cookie consent page (consent.youtube.com) → flagged as blocked, its page not taken for the cited one', async () => {
    expect(await one(`http://www.site.test:${web.port}/watch?v=abc`)).toEqual([
      expect.stringMatching(/Unexpected blocked citation .*\/watch\?v=abc`, expected a source that lets the checker read it \(`redirected to a cookie consent page on consent\.site\.test, 200 OK`\) \[citation-reachable\]$/)
    ])
    // A page about consent is a page like any other, and so is the consent page cited as itself.
    expect(await one(`${origin}/about-consent`)).toEqual([])
    expect(await one(`http://consent.site.test:${web.port}/m`)).toEqual([])
    // An OAuth consent on the way to sign in is a login wall.
    expect(await one(`${origin}/app/settings`)).toEqual([expect.stringContaining('(`redirected to sign in (login URL with redirect_uri=), 200 OK`)')])
  })

  it('a redirect to LinkedIn\'s sign-up wall (`/authwall`) → flagged as paywalled', async () => {
    expect(await one(`${origin}/in/someone`)).toEqual([
      expect.stringContaining('(`redirected to sign in (login URL /authwall), 200 OK`) [citation-reachable]')
    ])
  })

  it('429 is retried after Retry-After; a lasting 429 ends as blocked', async () => {
    expect(await one(`${origin}/rate-limited-once`)).toEqual([])
    expect(web.hits('/rate-limited-once')).toBe(2)
    expect(await one(`${origin}/rate-limited`)).toEqual([expect.stringContaining('rate limited, 429 Too Many Requests')])
    expect(web.hits('/rate-limited')).toBe(3)
  })

  it('a site\'s own short domain (youtu.be, nyti.ms, fb.me) is the site: its redirect is no other site; a shortener\'s is', async () => {
    const short = await startWeb({
      '/dQw4w9WgXcQ': (request, response) => redirect(303, `http://www.youtube.com:${web.port}/ok?v=dQw4w9WgXcQ&feature=youtu.be`)(request, response),
      '/abc': (request, response) => redirect(301, `http://www.youtube.com:${web.port}/ok?v=abc`)(request, response),
      '/2x4Kp1': (request, response) => redirect(301, `http://www.nytimes.com:${web.port}/ok?smid=tw-share`)(request, response),
      '/photos': (request, response) => redirect(301, `http://www.facebook.com:${web.port}/ok`)(request, response)
    })
    try {
      const resolve: typeof testResolve = async (hostname) => (/^(?:youtu\.be|t\.co|nyti\.ms|fb\.me|www\.(?:youtube|nytimes|facebook)\.com)$/.test(hostname) ? [{address: '127.0.0.1', family: 4}] : testResolve(hostname))
      expect(await one(`http://youtu.be:${short.port}/dQw4w9WgXcQ`, {resolve})).toEqual([])
      expect(await one(`http://nyti.ms:${short.port}/2x4Kp1`, {resolve})).toEqual([])
      expect(await one(`http://fb.me:${short.port}/photos`, {resolve})).toEqual([])
      expect(await one(`http://t.co:${short.port}/abc`, {resolve})).toEqual([expect.stringContaining('to another site')])
    } finally {
      await short.close()
    }
  })

  // A README's chat badge (discord.gg), a survey link (forms.gle) and every tweet cited at twitter.com (now answered
  // from x.com) were each flagged 'redirect … to another site'.
  it('a site\'s own short or former domain (discord.gg, forms.gle, twitter.com) leads to the site itself', async () => {
    const own = await startWeb({
      '/acme': (request, response) => redirect(301, `http://discord.com:${web.port}/ok?invite=acme`)(request, response),
      '/AbC1': (request, response) => redirect(302, `http://docs.google.com:${web.port}/ok?form=1`)(request, response),
      '/jack/status/20': (request, response) => redirect(301, `http://x.com:${web.port}/ok?status=20`)(request, response)
    })
    try {
      const hosts = /^(?:discord\.gg|discord\.com|forms\.gle|docs\.google\.com|twitter\.com|x\.com)$/
      const resolve: typeof testResolve = async (hostname) => (hosts.test(hostname) ? [{address: '127.0.0.1', family: 4}] : testResolve(hostname))
      expect(await one(`http://discord.gg:${own.port}/acme`, {resolve})).toEqual([])
      expect(await one(`http://forms.gle:${own.port}/AbC1`, {resolve})).toEqual([])
      expect(await one(`http://twitter.com:${own.port}/jack/status/20`, {resolve})).toEqual([])
    } finally {
      await own.close()
    }
  })

  it('resolvers whose job is to redirect may send readers to another site', async () => {
    expect(await one(`http://doi.test:${web.port}/doi`, {redirectResolvers: ['doi.test']})).toEqual([])
    expect(await one(`http://doi.test:${web.port}/doi?plain`)).toEqual([expect.stringContaining('to another site')])
  })

  it('the same URL cited many times, in many files, is fetched once and reported at each place', async () => {
    const url = `${origin}/gone?dedupe`
    const before = web.hits('/gone')
    const settings = options()
    const markdown = `[a](${url}) and [b](${url}).\n\n[c][ref]\n\n[ref]: ${url}\n`
    const [first, second] = await Promise.all([lint(markdown, settings, 'a.md'), lint(markdown, settings, 'b.md')])
    expect(first.messages.map((message) => message.split(':')[0] + ':' + message.split(':')[1]?.split('-')[0])).toEqual(['1:5', '1:{n}'.replace('{n}', String(15 + url.length)), '3:1', '5:8'])
    expect(second.messages).toHaveLength(4)
    expect(web.hits('/gone') - before).toBe(1)
  })
})
