// Who publishes a URL: the registrable domain, or the account on a platform that hosts many publishers. Pure.

import {domainToUnicode} from 'node:url'
import {parseUrl, percentDecode} from '../net/parse-url.js'
import {parse} from './public-suffix.js'

/** The publisher of a URL as far as its address tells. */
export interface Owner {
  /** How a message names the publisher: `clickup.com`, `acme.github.io`, `acme.substack.com`, `github.com/acme`. */
  id: string
  /** Host name, lower case, without a trailing dot. */
  host: string
  /** The publisher's name as the address spells it, lower case: `clickup`, `acme`, `acme-corp`. */
  label: string
  /** True for an account on a path-owned platform, whose `og:site_name` names the platform, not the publisher. */
  account: boolean
  /** On a code host, the account's project the path names, lower case: `widget` of `github.com/acme/widget`. */
  project?: string
}

/**
 * Platforms where the first path segments name the publisher: `github.com/acme`, `medium.com/@acme`,
 * `linkedin.com/company/acme`. An `@handle` first segment is always the owner. `after` lists segments
 * followed by the owner (`company/acme`); `first` says whether a plain first segment is the owner, except
 * the `reserved` ones, which are the platform's own pages. Anything else is the platform's own page. On a code host
 * (`projects`), the segment after a plain first one is the account's project: a repository, a model. It speaks for
 * the project only in the project's own words (see {@link PROJECT_PAGES}).
 */
interface PathPlatform {
  first: boolean
  after?: string[]
  reserved?: string[]
  projects?: boolean
}

const PATH_PLATFORMS: Record<string, PathPlatform> = {
  'github.com': {
    first: true,
    projects: true,
    after: ['orgs', 'sponsors'],
    reserved: ['about', 'apps', 'collections', 'customer-stories', 'enterprise', 'events', 'explore', 'features',
      'login', 'marketplace', 'new', 'pricing', 'readme', 'search', 'security', 'settings', 'site', 'solutions',
      'team', 'topics', 'trending']
  },
  'gitlab.com': {first: true, projects: true, after: ['groups', 'users'], reserved: ['dashboard', 'explore', 'help', 'search']},
  'bitbucket.org': {first: true, projects: true, reserved: ['account', 'dashboard', 'product']},
  'medium.com': {first: true, reserved: ['about', 'creators', 'm', 'me', 'membership', 'p', 'plans', 'policy', 'search', 'tag', 'topics']},
  'dev.to': {first: true, reserved: ['about', 'enter', 'latest', 'search', 'settings', 't', 'top']},
  'x.com': {first: true, reserved: ['compose', 'explore', 'hashtag', 'home', 'i', 'intent', 'login', 'messages',
    'notifications', 'privacy', 'search', 'settings', 'share', 'signup', 'tos']},
  'twitter.com': {first: true, reserved: ['compose', 'explore', 'hashtag', 'home', 'i', 'intent', 'login', 'messages',
    'notifications', 'privacy', 'search', 'settings', 'share', 'signup', 'tos']},
  'facebook.com': {first: true, reserved: ['business', 'events', 'gaming', 'groups', 'help', 'login', 'marketplace',
    'pages', 'permalink.php', 'photo', 'photo.php', 'profile.php', 'reel', 'share', 'story.php', 'watch']},
  'instagram.com': {first: true, reserved: ['about', 'accounts', 'explore', 'p', 'reel', 'reels', 'stories']},
  'linkedin.com': {first: false, after: ['company', 'in', 'school', 'showcase']},
  'youtube.com': {first: false, after: ['c', 'channel', 'user']},
  'tiktok.com': {first: false},
  'threads.net': {first: false},
  'huggingface.co': {
    first: true,
    projects: true,
    after: ['datasets', 'spaces'],
    reserved: ['blog', 'chat', 'collections', 'docs', 'enterprise', 'join', 'learn', 'login', 'models', 'organizations',
      'papers', 'posts', 'pricing', 'settings', 'tasks']
  }
}

/**
 * Pages under a code host's project that hold its own words: the README (the project's root), files (`blob`, `tree`,
 * `raw`, Bitbucket's `src`), the wiki and releases. Issues, pull requests and discussions are written by anyone.
 */
const PROJECT_PAGES = new Set(['blob', 'tree', 'raw', 'src', 'wiki', 'wikis', 'releases'])

/** Hosts of a path-owned platform that still serve its accounts' pages. */
const PLATFORM_SUBDOMAINS = new Set(['', 'www', 'm', 'mobile'])

/**
 * Platforms that give each publisher a subdomain but are not private suffixes in the Public Suffix List (those,
 * such as `github.io`, `gitlab.io`, `blogspot.com`, `netlify.app`, `pages.dev`, `readthedocs.io`, come from tldts).
 */
const SUBDOMAIN_PLATFORMS = new Set(['substack.com', 'medium.com', 'wordpress.com', 'tumblr.com', 'hashnode.dev', 'ghost.io'])

/** Subdomains of those platforms that are the platform's own pages. */
const PLATFORM_HOSTS = new Set([
  'www', 'm', 'mobile', 'about', 'api', 'blog', 'developer', 'developers', 'docs', 'engineering', 'help', 'newsroom',
  'status', 'support'
])

/** The publisher of `url`, or undefined for what has no registrable domain (IP addresses, `localhost`, no host). */
export function ownerOf(url: string): Owner | undefined {
  const parsed = parseUrl(url)
  const host = parsed?.hostname.toLowerCase().replace(/\.$/, '')
  if (!parsed || !host) return undefined
  const {domain, domainWithoutSuffix, subdomain, isIp} = parse(host, {allowPrivateDomains: true})
  if (isIp || !domain || !domainWithoutSuffix) return undefined
  const sub = subdomain ?? ''

  const platform = PATH_PLATFORMS[domain]
  if (platform && PLATFORM_SUBDOMAINS.has(sub)) {
    const account = accountOf(platform, parsed.pathname)
    if (account) {
      const {path, name, project} = account
      return {id: `${domain}/${path}`, host, label: name, account: true, ...(project === undefined ? {} : {project})}
    }
  }

  if (SUBDOMAIN_PLATFORMS.has(domain) && sub !== '') {
    const name = sub.split('.').at(-1)!
    if (!PLATFORM_HOSTS.has(name)) return {id: `${name}.${domain}`, host, label: unicode(name), account: false}
  }

  return {id: domain, host, label: unicode(domainWithoutSuffix), account: false}
}

/**
 * Whether `url` is a publishing platform's own page, not one of its users': on a host of its own
 * (`docs.github.com`, `developers.facebook.com`, `help.medium.com`). Its paths are not told apart: a path no account
 * owns is often still users' (`youtube.com/watch`, `facebook.com/groups`).
 */
export function isPlatformPage(url: string): boolean {
  const parsed = parseUrl(url)
  const host = parsed?.hostname.toLowerCase().replace(/\.$/, '')
  if (!parsed || !host) return false
  const {domain, subdomain} = parse(host, {allowPrivateDomains: true})
  const sub = subdomain ?? ''
  // `gist.github.com` serves users' pages: only the platform's named hosts count.
  const own = !PLATFORM_SUBDOMAINS.has(sub) && PLATFORM_HOSTS.has(sub.split('.').at(-1)!)
  return own && domain !== null && (domain in PATH_PLATFORMS || SUBDOMAIN_PLATFORMS.has(domain))
}

/**
 * Whether a domain entry of the `ignore` or `brands` option names this publisher: a host entry matches that
 * host and its subdomains; a `platform/account` entry matches that account (`@` optional).
 */
export function ownerMatches(owner: Owner, entry: string): boolean {
  if (entry.includes('/')) return owner.account && withoutAt(owner.id) === withoutAt(entry)
  return owner.host === entry || owner.host.endsWith('.' + entry)
}

/**
 * A domain entry as the options take it, lower case, without `www.`: `example.com` or, on a path-owned platform,
 * `github.com/acme`; undefined when it is neither.
 */
export function domainEntry(value: string): string | undefined {
  const text = value.trim().toLowerCase().replace(/^www\./, '').replace(/\/+$/, '')
  const parsed = /^[\p{L}\p{N}.-]+(\/.*)?$/u.test(text) ? parseUrl('https://' + text) : undefined
  if (!parsed || parsed.search || parsed.hash || !parse(parsed.hostname).domain) return undefined
  if (parsed.pathname === '/') return parsed.hostname
  return accountEntry(parsed.href)
}

/** The `platform/account` entry, as `domainEntry` writes one, of the account that publishes `url`, if any. */
export function accountEntry(url: string): string | undefined {
  const owner = ownerOf(url)
  return owner?.account ? withoutAt(owner.id) : undefined
}

function accountOf(platform: PathPlatform, pathname: string): {path: string; name: string; project?: string} | undefined {
  const segments = pathname.split('/').filter(Boolean).map(percentDecode)
  const [first, second] = segments
  if (first === undefined) return undefined
  const lower = first.toLowerCase()
  if (lower.startsWith('@') && lower.length > 1) return {path: lower, name: lower.slice(1)}
  if (platform.after?.includes(lower)) {
    return second === undefined ? undefined : {path: `${lower}/${second.toLowerCase()}`, name: second.toLowerCase()}
  }
  if (platform.first && !platform.reserved?.includes(lower)) {
    // GitLab puts a `-` before a project's pages: `gitlab.com/acme/widget/-/blob/main/README.md`.
    const page = segments.slice(2).find((segment) => segment !== '-')?.toLowerCase()
    const own = platform.projects && second !== undefined && (page === undefined || PROJECT_PAGES.has(page))
    return {path: lower, name: lower, ...(own ? {project: second.toLowerCase()} : {})}
  }
  return undefined
}

function withoutAt(id: string): string {
  return id.replace(/\/@/g, '/')
}

/** Punycode labels (`xn--…`) as the claim would spell them. */
function unicode(label: string): string {
  return label.includes('xn--') ? domainToUnicode(label) || label : label
}
