// github.com answers anonymous checkers with 429s and private repositories with 404s. With a token, a github.com
// citation that the page did not settle is asked of the REST API instead: repositories, issues and pull requests,
// files and folders.

import {parseUrl, percentDecode} from '../net/parse-url.js'
import type {SourceReport} from '../types.js'
import type {InspectDeps} from './inspect.js'
import {askRegistry} from './registry.js'

export interface GitHubSettings {
  /** A token (a workflow's `GITHUB_TOKEN` will do); without one nothing is asked. */
  token: string | undefined
  /** The REST API's base URL (tests, GitHub Enterprise). */
  apiBase: string
}

export const defaultGitHubApi = 'https://api.github.com'

/** First path segments that are GitHub's own pages, not owners. */
const reserved = new Set([
  'about', 'apps', 'collections', 'contact', 'customer-stories', 'enterprise', 'events', 'explore', 'features',
  'issues', 'login', 'marketplace', 'new', 'notifications', 'orgs', 'organizations', 'pricing', 'pulls', 'search',
  'security', 'settings', 'signup', 'site', 'sponsors', 'team', 'topics', 'trending'
])

/** The API path that says whether a github.com URL's object exists, or undefined for other URLs. */
export function apiPathOf(url: string): string | undefined {
  const parsed = parseUrl(url)
  if (!parsed || !/^(?:www\.)?github\.com$/i.test(parsed.hostname)) return undefined
  const [owner, repo, kind, ...rest] = parsed.pathname.split('/').filter(Boolean).map(percentDecode)
  if (!owner || !repo || reserved.has(owner.toLowerCase())) return undefined
  const base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo.replace(/\.git$/, ''))}`
  if (kind === undefined) return base
  if ((kind === 'issues' || kind === 'pull') && /^\d+$/.test(rest[0] ?? '')) return `${base}/issues/${rest[0]}`
  // `blob/<ref>/<path>`: a ref with a slash is ambiguous, so the first segment is taken as the ref.
  if ((kind === 'blob' || kind === 'tree') && rest[0]) {
    const path = rest.slice(1).map(encodeURIComponent).join('/')
    return `${base}/contents/${path}?ref=${encodeURIComponent(rest[0])}`
  }
  return undefined
}

/**
 * Settles a github.com report the page left open (blocked, rate limited, a 404 that may be a private
 * repository) by the API's answer; any other report, or an API that does not answer 200 or 404, is kept.
 */
export async function settleByApi(report: SourceReport, url: string, github: GitHubSettings, deps: InspectDeps): Promise<SourceReport> {
  if (!github.token || report.liveness === 'alive' || report.liveness === 'unsafe' || report.liveness === 'malformed') return report
  const path = apiPathOf(url)
  if (path === undefined) return report
  const answer = await askRegistry(github.apiBase.replace(/\/+$/, '') + path, headers(github.token), deps)
  if (!answer.ok || (answer.status !== 200 && answer.status !== 404)) return report
  return answer.status === 200
    ? {...report, liveness: 'alive', reason: `GitHub API: ${path.replace(/\?.*$/, '')} exists`}
    : {...report, liveness: 'dead', reason: `GitHub API: no ${path.replace(/\?.*$/, '')}`}
}

function headers(token: string): Record<string, string> {
  return {authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28'}
}
