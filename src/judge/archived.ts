// A Wayback Machine snapshot stands for the page it archived: the judges score and attribute that page. Pure.

/**
 * The address a snapshot archived (`https://web.archive.org/web/20230101000000/https://a.example/x` →
 * `https://a.example/x`, a scheme-less `…/web/2023id_/a.example/x` read as http); undefined for any other URL.
 */
export function archivedAddress(url: URL): string | undefined {
  const snapshot = /^\/web\/\d+[a-z_]*\/(.+)$/.exec(url.pathname)
  if (url.hostname !== 'web.archive.org' || !snapshot) return undefined
  const inner = snapshot[1]! + url.search
  return /^https?:\/\//i.test(inner) ? inner : 'http://' + inner
}
