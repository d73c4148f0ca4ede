// `new URL` that answers undefined instead of throwing (Node 20 has no `URL.parse`).

export function parseUrl(raw: string, base?: string | URL): URL | undefined {
  try {
    return new URL(raw, base)
  } catch {
    return undefined
  }
}
