// Credential-shaped values: tokens a URL holds under any name (`?t=ghp_…`, a webhook's path), found by their form.

/**
 * Value patterns, few and precise, as secret scanners (gitleaks, GitHub secret scanning) match them: each is a
 * vendor's fixed prefix with its fixed alphabet, and a fixed length or a marker that ordinary URL text (slugs,
 * commit hashes, UUIDs, titles) does not hold. What is only long or random-looking is left alone.
 */
const PATTERNS = [
  // GitHub tokens (personal, OAuth, user-to-server, server-to-server, refresh): `gh?_` then exactly 36 base62.
  String.raw`gh[pousr]_[A-Za-z0-9]{36}`,
  // GitHub fine-grained personal access tokens: `github_pat_` then exactly 82 of base62 and `_`.
  String.raw`github_pat_[A-Za-z0-9_]{82}`,
  // Stripe secret and restricted keys, live or test: the `sk_`/`rk_` and mode prefix, then 20 or more base62.
  String.raw`[rs]k_(?:live|test)_[A-Za-z0-9]{20,}`,
  // Slack tokens (bot, user, app-level, …): `xox?-`, digits (the team or user id), `-`, then the rest.
  String.raw`xox[abeoprs]-\d+-[A-Za-z0-9-]{10,}`,
  // Slack incoming webhooks: the secret is the last segment of `/services/T…/B…/`, 24 base62, `/` written or `%2F`.
  String.raw`(?<=(?:/|%2[Ff])services(?:/|%2[Ff])T[A-Z0-9]{8,}(?:/|%2[Ff])B[A-Z0-9]{8,}(?:/|%2[Ff]))[A-Za-z0-9]{24}`,
  // Discord webhooks: the token after `/api/webhooks/<snowflake id>/`, 60 to 68 base64url.
  String.raw`(?<=(?:/|%2[Ff])api(?:/|%2[Ff])(?:v\d+(?:/|%2[Ff]))?webhooks(?:/|%2[Ff])\d{17,20}(?:/|%2[Ff]))[A-Za-z0-9_-]{60,68}`,
  // AWS access key ids (long-term `AKIA`, temporary `ASIA`): exactly 16 base32 capitals after the prefix.
  String.raw`A[KS]IA[A-Z2-7]{16}`,
  // Google API keys: `AIza` then exactly 35 base64url.
  String.raw`AIza[A-Za-z0-9_-]{35}`,
  // JWTs: a header and a payload that are both base64url JSON objects (`{"` reads `eyJ`), then the signature.
  String.raw`eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`,
  // OpenAI keys: `sk-proj-` (or `svcacct`, `admin`), or the legacy `sk-`, around `T3BlbkFJ` (base64 of `OpenAI`).
  String.raw`sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{20})T3BlbkFJ[A-Za-z0-9_-]{20,}`
]

/**
 * A token stands alone: not inside a longer word (`XAKIA…`, a 37-character `ghp_`). A percent-escape before it
 * (`%3Dghp_…`, a URL nested in a value) is a separator, as the character it encodes.
 */
const SECRET_VALUE = new RegExp(`(?:(?<=%[\\dA-Fa-f]{2})|(?<![A-Za-z0-9_-]))(?:${PATTERNS.join('|')})(?![A-Za-z0-9_-])`, 'g')

/** Whether text holds a credential-shaped value. */
export function holdsSecretValue(text: string): boolean {
  return text.search(SECRET_VALUE) !== -1
}

/** Text with each credential-shaped value replaced by `replacement`. */
export function replaceSecretValues(text: string, replacement: string): string {
  return text.replace(SECRET_VALUE, replacement)
}
