// Paywall and login-wall signs: JSON-LD access flags, 401/402, login titles, login forms, login URLs, paywall wording.

import type {JsonLd} from './json-ld.js'
import type {Meta} from './scan.js'
import {findPhrase, fold, foldCollapsed, quote, textLength, titleSegments, words} from './text.js'
import {parseUrl} from '../net/parse-url.js'
import type {PageFacts} from '../types.js'

export interface PaywallInput {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  /** Final URL. */
  url: string
  jsonLd: JsonLd
  metas: Meta[]
  title: string | undefined
  h1: string | undefined
  passwordField: boolean
  passages: string[]
}

/** A page with less visible text than this is "mostly its form". */
export const shortPageChars = 3000

/** Title phrases of a subscription wall: no page about subscribing is titled so. */
const subscriptionPhrases = [
  'subscribe to continue', 'subscribe to read', 'subscription required', 'subscribers only', 'create an account to continue',
  'register to continue', 'purchase access'
]

/** Login / subscription title phrases (see `loginPhrase`). */
const loginPhrases = [
  'sign in', 'sign-in', 'signin', 'log in', 'log-in', 'login', 'log on', 'logon', 'log into', 'sign into', ...subscriptionPhrases,
  'institutional login', 'institutional access', 'access through your institution'
]

/** Less visible text than this is no article: the shell of a sign-in form a script draws. */
const shellChars = 300

/** Visible wording that only a paywall shows. */
const paywallWording = [
  'subscribe to continue reading', 'subscribe to read the full', 'subscribe to unlock', 'this article is for subscribers only',
  'this content is for subscribers only', 'available to subscribers only', 'sign in to continue reading',
  'log in to continue reading', 'create an account to continue reading', "you've reached your free article limit",
  'you have reached your free article limit', 'purchase access to this article', 'buy this article', 'access through your institution'
]

/** `authwall`: where LinkedIn sends a reader who is not signed in. */
const loginSegments = new Set(['login', 'log-in', 'signin', 'sign-in', 'sign_in', 'logon', 'subscribe', 'paywall', 'sso', 'wayf', 'shibboleth', 'authwall'])
const loginHosts = /^(?:login|signin|sso|idp|auth|accounts)\./
const returnKeys = new Set(['returnurl', 'return_url', 'returnto', 'return_to', 'redirect_uri', 'redirect_url', 'redirecturl', 'redirectto', 'redirect_to'])

/**
 * The first sign found, as a short reason, or undefined. A sign says "paywall or login wall seen", not "the citation is
 * unreadable": a 200 article with `isAccessibleForFree: false` still gets a reason, and the verifier decides.
 */
export function detectPaywall(input: PaywallInput): string | undefined {
  if (input.status === 402) return '402 Payment Required'
  if (input.status === 401) return input.headers['www-authenticate'] ? '401 with WWW-Authenticate' : '401 Unauthorized'
  const structured = structuredSign(input.jsonLd, input.metas)
  if (structured !== undefined) return structured
  for (const [where, text] of [['title', input.title], ['h1', input.h1]] as const) {
    if (text !== undefined && loginPhrase(text) !== undefined) return `login ${where} ${quote(text)}`
  }
  const url = urlSign(input.url)
  if (url !== undefined) return url
  if (input.passwordField && textLength(input.passages) < shortPageChars) return 'login form'
  // Paywall notices stand near the top; scanning a whole long article for them costs more than it finds.
  const top: string[] = []
  let scanned = 0
  for (const passage of input.passages) {
    if (scanned > wordingScanChars) break
    scanned += passage.length
    top.push(passage)
  }
  // One search over the top passages; a line break between them keeps a phrase from spanning two.
  const folded = foldCollapsed(top.join('\n'))
  const phrase = paywallWording.find((candidate) => findPhrase(folded, candidate) !== undefined)
  return phrase === undefined ? undefined : `paywall wording ${quote(phrase)}`
}

/** Characters of visible text searched for paywall wording. */
const wordingScanChars = 20_000

/** schema.org `isAccessibleForFree: false` on any node (JSON-LD or microdata), or on a `hasPart` section. */
function structuredSign(jsonLd: JsonLd, metas: Meta[]): string | undefined {
  for (const node of jsonLd.nodes) {
    if (!isFalse(node.data.isAccessibleForFree)) continue
    if (node.via === 'hasPart') {
      const selector = typeof node.data.cssSelector === 'string' ? ` (${node.data.cssSelector})` : ''
      return `JSON-LD hasPart isAccessibleForFree: false${selector}`
    }
    return 'JSON-LD isAccessibleForFree: false'
  }
  if (metas.some((meta) => meta.itemprop === 'isAccessibleForFree' && isFalse(meta.content))) {
    return 'microdata isAccessibleForFree: false'
  }
  return undefined
}

/** Words that may follow a login phrase in a login page's title: "Sign in to continue", "Log in or sign up", "Login page". */
const loginTails = new Set(['to', 'or', 'and', 'with', 'via', 'page', 'required', 'now', 'here'])

/**
 * The login phrase of a title segment (or the h1) that starts with one, and either ends there or goes on with a
 * login-ish word ("Sign in to your account", "Login page"), in at most 8 words. "Login security best practices" has none.
 */
function loginPhrase(text: string): string | undefined {
  for (const segment of titleSegments(text)) {
    const folded = fold(segment)
    if (words(folded).length > 8) continue
    for (const phrase of loginPhrases) {
      if (!folded.startsWith(phrase) || findPhrase(folded, phrase)?.index !== 0) continue
      const next = words(folded.slice(phrase.length))[0]
      // `Log into Facebook`: `into` is `in to`, a tail.
      if (next === undefined || loginTails.has(next) || phrase.endsWith('into')) return phrase
    }
  }
  return undefined
}

/**
 * The `<title>` of a sign-in or subscription wall a site answers at `url` in the cited page's place (`Log into
 * Facebook`, `Sign in · Acme Wiki`, `Subscribe to read | Financial Times`), or undefined: a login title on a page that
 * is mostly the wall (a long page titled `Sign in with Apple` is Apple's guide), at an address that is no sign-in
 * page's own (one cited as itself is what it is). A help article is titled as a sign-in is (`Sign in to Gmail - Gmail
 * Help`), so a sign-in title is a wall's only with its form, or on a shell with next to no text.
 */
export function wallTitle(page: Pick<PageFacts, 'titles' | 'passages' | 'passwordField'>, url: string): string | undefined {
  const length = textLength(page.passages)
  if (length >= shortPageChars || urlSign(url) !== undefined) return undefined
  for (const candidate of page.titles) {
    const phrase = candidate.source === 'title' ? loginPhrase(candidate.text) : undefined
    if (phrase === undefined) continue
    return page.passwordField || length < shellChars || subscriptionPhrases.includes(phrase) ? candidate.text : undefined
  }
  return undefined
}

function urlSign(href: string): string | undefined {
  const url = parseUrl(href)
  if (!url) return undefined
  const segments = url.pathname.toLowerCase().split('/').map((segment) => segment.replace(/\.[a-z0-9]+$/, ''))
  if (segments.some((segment) => loginSegments.has(segment))) return `login URL ${url.pathname}`
  const host = url.hostname.toLowerCase()
  // login.example.com, not auth.gr (a university's whole domain).
  if (loginHosts.test(host) && host.split('.').length >= 3) return `login host ${url.hostname}`
  for (const key of url.searchParams.keys()) {
    if (returnKeys.has(key.toLowerCase())) return `login URL with ${key}=`
  }
  return undefined
}

/** `false`, or the strings `"false"` / `"False"`. */
export function isFalse(value: unknown): boolean {
  return value === false || (typeof value === 'string' && value.trim().toLowerCase() === 'false')
}
