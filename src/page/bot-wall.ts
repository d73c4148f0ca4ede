// Recognises challenge / block pages from bot-protection vendors: headers first, then status plus body markers.

export type BotWallVendor =
  | 'cloudflare'
  | 'vercel'
  | 'aws-waf'
  | 'akamai'
  | 'datadome'
  | 'perimeterx'
  | 'imperva'
  | 'sucuri'
  | 'kasada'
  | 'ddos-guard'
  | 'anubis'
  | 'linkedin'
  | 'reddit'
  | 'amazon'
  | 'f5'
  | 'unknown'

export interface BotWallInput {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  /** The start of the body as text; only the first `botWallScanChars` are looked at. */
  head: string
  /** Final URL. */
  url: string
}

/** Markers are looked for in this much of the body text only. */
export const botWallScanChars = 16_384

/**
 * The vendor whose challenge or block page this is, `unknown` when the page is clearly a wall but unsigned, or
 * undefined. Headers that only a challenge sets win at any status (`cf-mitigated: challenge`,
 * `x-vercel-mitigated`, `x-amzn-waf-action`, LinkedIn's 999), and so do challenge forms and scripts no served page
 * carries (Anubis, Amazon's robot check) and F5's block page. Presence-only signals (`server: cloudflare`,
 * `x-datadome`, PerimeterX or Incapsula scripts, Sucuri ids) are also on pages that were served normally, so they
 * count only with a blocking status (401/403/405/429/503) or with the vendor's block-page text.
 */
export function detectBotWall(input: BotWallInput): BotWallVendor | undefined {
  const {status} = input
  const header = (name: string): string => input.headers[name]?.toLowerCase() ?? ''
  const has = (name: string): boolean => input.headers[name] !== undefined
  const body = input.head.slice(0, botWallScanChars).toLowerCase()
  const server = header('server')
  const blocking = status === 401 || status === 403 || status === 405 || status === 429 || status === 503

  // Set only on a challenge or a block, whatever the status.
  if (/\bchallenge\b/.test(header('cf-mitigated'))) return 'cloudflare'
  if (/\b(?:challenge|deny)\b/.test(header('x-vercel-mitigated'))) return 'vercel'
  if (/\b(?:challenge|captcha)\b/.test(header('x-amzn-waf-action'))) return 'aws-waf'
  if (status === 999) return 'linkedin'
  if (body.includes('anubis_challenge') || /^\/\.within\.website\//.test(pathOf(input.url))) return 'anubis'
  if (body.includes('incapsula incident id') && (has('x-iinfo') || status >= 400)) return 'imperva'
  if (body.includes('sucuri_cloudproxy_js')) return 'sucuri'
  // Amazon's robot check, often sent as a 200: its captcha form posts nowhere else.
  if (body.includes('action="/errors/validatecaptcha"')) return 'amazon'
  // F5 BIG-IP ASM's block page (NGINX App Protect's too), sent as a 200 unless its owner changed it: its title with
  // its sentence, as a page quoting the sentence is titled otherwise.
  if (/<title>\s*request rejected\s*<\/title>/.test(body) && body.includes('the requested url was rejected')) return 'f5'

  // Vendor headers and scripts that also appear on served pages: only with a blocking status.
  if (status === 403 && server.includes('akamaighost')) return 'akamai'
  if ((status === 202 || status === 405) && (body.includes('awswaf') || body.includes('gokuprops'))) return 'aws-waf'
  if (!blocking) return undefined
  if (has('x-dd-b') || has('x-datadome') || has('x-datadome-cid') || body.includes('captcha-delivery.com')) return 'datadome'
  if (/_pxappid|pxinit|_pxaction|px-captcha|perimeterx\.(?:net|com)/.test(body)) return 'perimeterx'
  if ((has('x-iinfo') || /incapsula|imperva/.test(header('x-cdn'))) && body.includes('_incapsula_resource')) return 'imperva'
  if (body.includes('pardon our interruption')) return 'imperva'
  if (has('x-sucuri-id') || has('x-sucuri-block') || server.includes('sucuri') || body.includes('sucuri website firewall')) {
    return 'sucuri'
  }
  if (Object.keys(input.headers).some((name) => name.startsWith('x-kpsdk')) || body.includes('__kasada')) return 'kasada'
  if (body.includes('vercel security checkpoint')) return 'vercel'
  if (status === 403 && body.includes('blocked by network security')) return 'reddit'

  const hinted = headerVendor(input.headers)
  if (cloudflareMarkers.some((marker) => marker.test(body))) return hinted ?? 'cloudflare'
  if (/access denied/.test(body) && /reference #\s*\d/.test(body)) {
    return hinted ?? (/reference #\s*\d+\.[0-9a-f]+\.\d+|edgesuite\.net/.test(body) ? 'akamai' : 'unknown')
  }
  if (genericMarkers.some((marker) => marker.test(body))) return hinted ?? 'unknown'
  return undefined
}

/** Cloudflare's challenge and block pages. */
const cloudflareMarkers = [
  /<title>\s*just a moment(?:\.\.\.|…)\s*<\/title>/,
  // Not `scripts/jsd/` (most often written `h/b/scripts/jsd/<hash>/main.js`): Cloudflare's bot detection puts that
  // script on every page it serves, its 403s and 401s too.
  /\/cdn-cgi\/challenge-platform\/(?!(?:h\/\w+\/)?scripts\/jsd\/)/,
  /attention required! \| cloudflare/,
  /enable javascript and cookies to continue/,
  /data-translate="block_headline"/,
  /error code:?\s*10(?:06|07|08|10|12|15|20)\b/
]

/** Challenge wording any vendor (or a home-made wall) may use. */
const genericMarkers = [
  /checking (?:if the site connection is secure|your browser)/,
  /verify (?:that )?you are (?:a )?human/,
  /are you a robot|not a robot/,
  /unusual traffic from your computer/,
  /class="g-recaptcha"|hcaptcha\.com|challenges\.cloudflare\.com\/turnstile/
]

/** Who serves the response, from headers that every response of that vendor carries. */
function headerVendor(headers: Record<string, string>): BotWallVendor | undefined {
  const server = headers.server?.toLowerCase() ?? ''
  if (server.includes('cloudflare') || headers['cf-ray'] !== undefined) return 'cloudflare'
  if (server.includes('akamaighost') || headers['akamai-grn'] !== undefined) return 'akamai'
  if (headers['x-iinfo'] !== undefined) return 'imperva'
  if (server.includes('ddos-guard')) return 'ddos-guard'
  if (headers['x-vercel-id'] !== undefined || server === 'vercel') return 'vercel'
  return undefined
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return ''
  }
}
