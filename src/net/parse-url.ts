// URL parsing and percent-decoding that answer instead of throwing on malformed input.

/** `new URL`, or undefined where it would throw (Node 20 has no `URL.parse`). */
export function parseUrl(raw: string, base?: string | URL): URL | undefined {
  try {
    return new URL(raw, base)
  } catch {
    return undefined
  }
}

/** `decodeURIComponent`, or the text as it was where a stray `%` makes it throw. */
export function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * A path without its trailing slashes (`/a/b//` → `/a/b`, `/` → ``). The run is matched from its first `/` only:
 * `/\/+$/` tries every `/` of a long run and reads on to its end, minutes for a cited path of 100,000 slashes.
 */
export function withoutTrailingSlashes(path: string): string {
  return path.replace(/(?<!\/)\/+$/, '')
}
