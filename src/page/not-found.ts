// Soft-404 signs on a page whatever its status: a "not found" title or h1, a not-found URL, not-found wording on a thin page.
// Error pages are thin: a sign is certain only on a thin page, and only likely (for the sibling probe to confirm or
// clear) on a page with some text, where a help article or a Q&A titled "nginx - 404 Not Found" is as likely.

import {findPhrase, fold, foldCollapsed, quote, textLength, titleSegments, words} from './text.js'
import {parseUrl} from '../net/parse-url.js'
import type {NotFoundSign} from '../types.js'

export interface NotFoundInput {
  /** Final URL. */
  url: string
  title: string | undefined
  h1: string | undefined
  passages: string[]
}

/** Phrases (folded) that say "not found" in a title or h1. */
export const notFoundPhrases = [
  '404', 'not found', 'page not found', 'does not exist', "doesn't exist", 'no longer exists', 'no longer available',
  'nothing was found', 'nothing found', "can't be found", 'cannot be found', 'could not be found', "couldn't be found",
  "page isn't available", 'page is not available', 'page unavailable',
  // de, es, fr, it, pt, nl, pl, ru, tr, ja, zh, ko
  'seite nicht gefunden', 'nicht gefunden', 'seite existiert nicht', 'página no encontrada', 'no se encontró', 'page introuvable',
  'page non trouvée', 'pagina non trovata', 'página não encontrada', 'pagina niet gevonden', 'nie znaleziono',
  'strona nie istnieje', 'страница не найдена', 'sayfa bulunamadı', 'ページが見つかりません', '页面不存在', '找不到页面',
  '페이지를 찾을 수 없습니다',
  // pl, sv, da, nb, fi, cs, hu, ro, el, uk, vi, id, ar, he, th, zh (more wordings)
  'nie została znaleziona', 'sidan kunde inte hittas', 'sidan hittades inte', 'siden blev ikke fundet', 'siden findes ikke',
  'siden finnes ikke', 'fant ikke siden', 'sivua ei löytynyt', 'stránka nenalezena', 'stránka nebyla nalezena',
  'az oldal nem található', 'oldal nem található', 'pagina nu a fost găsită', 'σελίδα δεν βρέθηκε', 'сторінку не знайдено',
  'không tìm thấy trang', 'halaman tidak ditemukan', 'الصفحة غير موجودة', 'הדף לא נמצא',
  // Thai: not 'ไม่พบหน้า' alone, which is also "not seeing each other" ('ไม่พบหน้ากัน'), a song's or a story's title.
  'ไม่พบหน้าเว็บ', 'ไม่พบหน้านี้', 'ไม่พบหน้าที่คุณ', 'ไม่พบหน้าที่ร้องขอ', 'ไม่พบหน้าดังกล่าว', '找不到网页',
  '页面未找到', '找不到頁面', '頁面不存在'
]

/** Words that carry no topic in a not-found line: "Oops! Error 404: the page you requested was not found". */
const filler = new Set([
  'a', 'an', 'the', 'this', 'that', 'is', 'was', 'has', 'been', 'be', 'it', 'we', 'you', 'your', 'are', 'were', 'our', 'sorry',
  'oops', 'ooops', 'whoops', 'uh', 'oh', 'hmm', 'error', 'page', 'file', 'document', 'resource', 'content', 'url', 'link',
  'requested', 'looking', 'for', 'could', 'not', 'can', "can't", 'cannot', 'here', 'there', 'seems', 'status', 'code',
  'fehler', 'erreur', 'errore', 'erro', 'seite', 'página', 'pagina', 'strona', 'la', 'le', 'les', 'die', 'der', 'das', 'el',
  'il', 'lo', 'de', 'di', 'ups', 'hoppla',
  // "Error" beside a bare 404: "Błąd 404", "Ошибка 404", "404 Hatası".
  'błąd', 'ошибка', 'помилка', 'chyba', 'hata', 'hatası', 'fout', 'fejl', 'feil', 'fel', 'virhe', 'hiba', 'eroare',
  'σφάλμα', 'lỗi', 'kesalahan', 'خطأ', 'שגיאה', 'エラー', '错误', '錯誤', '오류'
])

/** Wording on the page itself that only a not-found page uses (looked for on thin pages only). */
const bodyPhrases = [
  'the page you are looking for', "the page you're looking for", 'the page you were looking for', 'the page you requested',
  "this page doesn't exist", 'this page does not exist', "we couldn't find that page", "we can't find the page",
  "we can't find that page", "we can't seem to find", "we couldn't find the page", 'we could not find the page',
  'the requested url was not found', 'the requested page could not be found'
]

/** Longest first, so "page not found" is removed before "not found". */
const longestFirst = [...notFoundPhrases].sort((a, b) => b.length - a.length)

/** Less visible text than this: a thin page (error pages are). */
export const thinPageChars = 3000
/** More visible text than this: an article, whatever its title says. */
export const longPageChars = 10_000

/**
 * Why this looks like a "not found" page, or undefined. Signs:
 * - final URL: a path segment that names an error page (`404.html`, `notfound.aspx`, `page-not-found`, `error-404`,
 *   a `/404/` folder, or a last segment `404` within two segments: `/en/404`, not MDN's `/docs/Web/HTTP/Status/404`);
 *   or the query has ASP.NET's `aspxerrorpath`. A slug that contains the words (`/q/1/nginx-404-not-found`) is not.
 * - title segment (split at site-name separators) or h1 that *is* a phrase: after removing the phrases and filler
 *   words ("oops", "error", "the page", …) at most one word is left ("Page not found | Site", "Error 404",
 *   "Oops! That page can’t be found.", "404 – Seite nicht gefunden").
 * - likely only: a title or h1 of at most 8 words containing a phrase on a thin page; a thin page whose text says
 *   "the page you are looking for" and the like.
 * Certain on a thin page (< 3,000 chars of text), likely on a page with more, none on a long page (≥ 10,000 chars):
 * "404 errors explained and how to fix them" is an article. Titles naming HTTP ("HTTP 404 - Wikipedia",
 * "404 Not Found - HTTP | MDN") are about the status: no sign at all.
 */
export function detectNotFound(input: NotFoundInput): NotFoundSign | undefined {
  const length = textLength(input.passages)
  if (length >= longPageChars) return undefined
  if (input.title !== undefined && /\bhttp\b/.test(fold(input.title))) return undefined
  const thin = length < thinPageChars
  const strong = (reason: string): NotFoundSign => ({reason, certain: thin})
  const url = urlSign(input.url)
  if (url !== undefined) return strong(url)
  const lines = [['title', input.title], ['h1', input.h1]] as const
  // A title that only contains a phrase ("Error: Gone Post not found") waits for the heading, which may be the line.
  let likely: NotFoundSign | undefined
  for (const [where, text] of lines) {
    if (text === undefined || /\bhttp\b/.test(fold(text))) continue
    if (titleSegments(text).some((segment) => isNotFoundLine(segment))) return strong(`${where} ${quote(text)}`)
    if (thin && likely === undefined && words(text).length <= 8 && notFoundPhrases.some((phrase) => findPhrase(withoutNumbers(text), phrase))) {
      likely = {reason: `${where} ${quote(text)}`, certain: false}
    }
  }
  if (likely) return likely
  if (thin) {
    // One search over the passages; a line break between them keeps a phrase from spanning two.
    const folded = foldCollapsed(input.passages.join('\n'))
    const phrase = bodyPhrases.find((candidate) => findPhrase(folded, candidate) !== undefined)
    if (phrase !== undefined) return {reason: `page text ${quote(phrase)}`, certain: false}
  }
  return undefined
}

/**
 * The line contains a phrase and nothing else of substance: at most one non-filler word beside a phrase in words
 * ("Post not found"), none beside a bare 404, which also names a car, a room or a flight ("Peugeot 404", "Room 404").
 */
function isNotFoundLine(line: string): boolean {
  let rest = withoutNumbers(line)
  let found = false
  let worded = false
  for (const phrase of longestFirst) {
    for (let hit = findPhrase(rest, phrase); hit !== undefined; hit = findPhrase(rest, phrase)) {
      found = true
      worded ||= phrase !== '404'
      rest = `${rest.slice(0, hit.index)} ${rest.slice(hit.index + hit.length)}`
    }
  }
  if (!found) return false
  return words(rest).filter((word) => !filler.has(word)).length <= (worded ? 1 : 0)
}

/**
 * The line folded, without numbers written after `#` or `№`: an issue's, a pull request's or an episode's number
 * ("Crash on empty input · Issue #404 · acme/widget · GitHub") is no status code.
 */
function withoutNumbers(line: string): string {
  return fold(line).replace(/[#№]\d+/g, ' ')
}

/** A path segment naming an error page: `404`, `error404`, `404-page`, `notfound`, `page-not-found`, … */
const errorPageName = /^(?:(?:page|error)[-_]?)?(?:not[-_]?found|404)(?:[-_]?(?:error|page))?$/

function urlSign(href: string): string | undefined {
  const url = parseUrl(href)
  if (!url) return undefined
  const segments = url.pathname.toLowerCase().split('/')
  const last = segments.findLastIndex((segment) => segment !== '')
  for (const [index, segment] of segments.entries()) {
    const stem = segment.replace(/\.(?:s?html?|php|aspx?|jsp)$/, '')
    if (!errorPageName.test(stem)) continue
    // A bare `404` deep down, last, names the status: MDN's `/docs/Web/HTTP/Status/404`.
    if (stem === '404' && stem === segment && index === last && index > 2) continue
    return `URL path ${url.pathname}`
  }
  for (const key of url.searchParams.keys()) {
    if (key.toLowerCase() === 'aspxerrorpath') return `URL with ${key}=`
  }
  return undefined
}
