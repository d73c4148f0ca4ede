// The simulated web, as data: hosts on 127.0.1.1–127.0.1.200 (one port), their latency and behaviour, and the
// universe of URLs with what each one answers. Deterministic: everything comes from one seeded PRNG.
// web.mjs serves this model, corpus.mjs cites it, lower-bound.mjs computes the critical path from it; all three
// use `respond` below, so the server and the bound cannot disagree.

export const defaultSeed = 20240917
export const defaultPort = 47310

/** mulberry32: small, fast, good enough for a benchmark's dice. */
export function prng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function shuffle(list, rand) {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** Retry-After sent with every 429, in seconds. */
export const retryAfterSeconds = 1
/** A rate-limited host answers 429 to a request that would make more than this many in flight. */
export const rateLimitInFlight = 2

/**
 * Host kinds:
 * - normal: latency 20–300 ms
 * - slow: latency 1–2 s
 * - first429: the first request of each path (per run) gets 429 + Retry-After: 1, then the real answer
 * - rate429: a request arriving while `rateLimitInFlight` are already in flight gets 429 + Retry-After: 1
 * - botwall: every path is a Cloudflare challenge (403, cf-mitigated: challenge, "Just a moment...")
 * - journal: half the paths are a 403 institutional-login page (paywall)
 */
const hostKindCounts = {slow: 4, first429: 8, rate429: 8, botwall: 3, journal: 6}

/** Per-URL kinds on an ordinary host, with their share. */
const urlKindShares = [
  ['ok', 0.875],
  ['notFound', 0.04],
  ['gone', 0.005],
  ['redirect', 0.04], // 301 to /moved/… on the same host, then 200
  ['crossRedirect', 0.01], // 301 to another simulated host (another site), then 200
  ['botwall', 0.01],
  ['paywall', 0.01],
  ['always429', 0.01] // 429 + Retry-After: 1 on every request
]

const words = (
  'heat pump efficiency winter grid storage battery solar wind policy climate model survey review data ' +
  'report audit energy carbon market price study trial cohort health water urban transport rail freight ' +
  'housing insulation retrofit subsidy tariff demand supply forecast emissions methane nitrogen soil crop'
).split(' ')
const sections = ['articles', 'blog', 'papers', 'news', 'docs', 'reports', 'wiki', 'data']

export function slugWords(rand, count) {
  const out = []
  for (let i = 0; i < count; i++) out.push(words[Math.floor(rand() * words.length)])
  return out
}

/**
 * The world: 200 hosts, `urlCount` URLs (3,000) spread over them by popularity (rank^-0.5), plus a few URLs on
 * addresses where nothing listens (connection refused).
 */
export function buildWorld({port = defaultPort, seed = defaultSeed, hostCount = 200, urlCount = 3000, refusedCount = 9} = {}) {
  const rand = prng(seed)
  const hosts = []
  for (let i = 1; i <= hostCount; i++) {
    hosts.push({id: i, ip: `127.0.1.${i}`, origin: `http://127.0.1.${i}:${port}`, kind: 'normal', latency: 0, paths: new Map()})
  }
  // Kinds: slow hosts among the less popular half (few URLs each); one popular host (rank 2) is rate limited.
  hosts[1].kind = 'rate429'
  const tail = shuffle(hosts.slice(hostCount / 2), rand)
  for (let i = 0; i < hostKindCounts.slow; i++) tail[i].kind = 'slow'
  const rest = shuffle(
    hosts.filter((host, index) => index >= 5 && host.kind === 'normal'),
    rand
  )
  let next = 0
  for (const kind of ['first429', 'rate429', 'botwall', 'journal']) {
    const count = kind === 'rate429' ? hostKindCounts.rate429 - 1 : hostKindCounts[kind]
    for (let i = 0; i < count; i++) rest[next++].kind = kind
  }
  for (const host of hosts) {
    host.latency = host.kind === 'slow' ? 1000 + Math.floor(rand() * 1001) : 20 + Math.floor(rand() * 281)
  }

  // URL counts by popularity rank (host id order), at least 2 per host, summing to urlCount - refusedCount.
  const target = urlCount - refusedCount
  const weights = hosts.map((host, index) => (host.kind === 'slow' ? 0.2 : 1) / Math.sqrt(index + 1))
  const total = weights.reduce((a, b) => a + b, 0)
  const counts = weights.map((w) => Math.max(2, Math.round((target * w) / total)))
  let diff = target - counts.reduce((a, b) => a + b, 0)
  for (let i = 0; diff !== 0; i = (i + 1) % hostCount) {
    if (diff > 0) (counts[i]++, diff--)
    else if (counts[i] > 2) (counts[i]--, diff++)
  }

  const urls = []
  const normalHosts = hosts.filter((host) => host.kind === 'normal')
  for (const host of hosts) {
    for (let n = 0; n < counts[host.id - 1]; n++) {
      const section = sections[Math.floor(rand() * sections.length)]
      const path = `/${section}/${slugWords(rand, 3).join('-')}-${host.id}-${n}`
      let kind
      if (host.kind === 'botwall') kind = 'botwall'
      else if (host.kind === 'journal' && rand() < 0.5) kind = 'paywall'
      else {
        let roll = rand()
        kind = 'ok'
        for (const [name, share] of urlKindShares) {
          if (roll < share) {
            kind = name
            break
          }
          roll -= share
        }
      }
      const spec = {kind, title: titleCase(slugWords(rand, 4 + Math.floor(rand() * 4)))}
      if (kind === 'redirect') {
        spec.location = `/moved${path}`
        host.paths.set(spec.location, {kind: 'ok', title: spec.title})
      } else if (kind === 'crossRedirect') {
        const other = normalHosts[Math.floor(rand() * normalHosts.length)]
        const otherPath = `/mirror/${host.id}${path}`
        spec.location = other.origin + otherPath
        other.paths.set(otherPath, {kind: 'ok', title: spec.title})
      }
      host.paths.set(path, spec)
      urls.push({url: host.origin + path, host: host.id, kind, hostKind: host.kind, category: category(kind, host.kind)})
    }
  }
  // Nothing listens on 127.0.2.x: connection refused, a dead citation.
  for (let n = 0; n < refusedCount; n++) {
    const ip = `127.0.2.${1 + (n % 3)}`
    urls.push({url: `http://${ip}:${port}/gone/${slugWords(rand, 2).join('-')}-${n}`, host: 0, ip, kind: 'refused', hostKind: 'none', category: 'dead'})
  }
  return {port, seed, hosts, urls, byUrl: new Map(urls.map((entry) => [entry.url, entry]))}
}

/** Ground truth: `alive`, `dead`, or `awkward` (alive, but a checker meets a wall, a paywall or a 429). */
function category(kind, hostKind) {
  if (kind === 'notFound' || kind === 'gone' || kind === 'refused') return 'dead'
  if (kind === 'botwall' || kind === 'paywall' || kind === 'always429') return 'awkward'
  if (hostKind === 'first429' || hostKind === 'rate429') return 'awkward'
  return 'alive'
}

function titleCase(list) {
  return list.map((word, index) => (index === 0 ? word[0].toUpperCase() + word.slice(1) : word)).join(' ')
}

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'})[c])

/**
 * What `host` answers for `path`. `seen` is how many requests for this path the host got in this run, this one
 * included; `inFlight` is how many requests the host is serving, this one included. Pure.
 */
export function respond(host, path, seen, inFlight) {
  const tooMany = {status: 429, headers: {'retry-after': String(retryAfterSeconds), 'content-type': 'text/html; charset=utf-8'}, body: page('Too Many Requests', '<p>Slow down.</p>')}
  if (host.kind === 'rate429' && inFlight > rateLimitInFlight) return tooMany
  if (host.kind === 'first429' && seen === 1) return tooMany
  const spec = host.paths.get(path)
  if (!spec) {
    if (path.startsWith('/never/')) return {status: 200, headers: html, body: page('Never fetch me', '<p>A URL inside code.</p>')}
    return {status: 404, headers: html, body: page('Page not found', '<p>There is nothing here.</p>')}
  }
  switch (spec.kind) {
    case 'ok':
      return {status: 200, headers: html, body: article(spec.title)}
    case 'notFound':
      return {status: 404, headers: html, body: page('Page not found', '<p>The page you asked for does not exist.</p>')}
    case 'gone':
      return {status: 410, headers: html, body: page('Gone', '<p>This page was removed.</p>')}
    case 'redirect':
    case 'crossRedirect':
      return {status: 301, headers: {...html, location: spec.location}, body: page('Moved', '<p>Moved permanently.</p>')}
    case 'botwall':
      return {
        status: 403,
        headers: {...html, 'cf-mitigated': 'challenge', server: 'cloudflare'},
        body: page('Just a moment...', '<p>Checking your browser before accessing the site.</p><noscript>Enable JavaScript and cookies to continue</noscript>')
      }
    case 'paywall':
      return {
        status: 403,
        headers: html,
        body: page(
          `Institutional login | Journal ${host.id}`,
          '<form action="/login" method="post"><input name="user"><input type="password" name="pass"><button>Sign in</button></form>'
        )
      }
    case 'always429':
      return tooMany
    default:
      throw new Error(`unknown kind ${spec.kind}`)
  }
}

const html = {'content-type': 'text/html; charset=utf-8'}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

const filler =
  'Measurements were taken over three winters in homes of different ages and sizes, and the results were compared with the ' +
  'manufacturer figures and with earlier field trials. The authors discuss the limits of the method and the data. '

function article(title) {
  const paragraphs = []
  for (let i = 0; i < 8; i++) paragraphs.push(`<p>${filler}${filler}</p>`)
  return page(title, `<article><p class="lede">${escapeHtml(title)}: what the evidence says.</p>${paragraphs.join('')}</article>`)
}
