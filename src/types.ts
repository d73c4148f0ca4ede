// The shared vocabulary (see DESIGN.md): Citation, SourceReport, Status, Action.
// Types only; every module speaks in these names.

import type {Identifier} from './resolve/identifiers.js'
import type {Registry, WorkMetadata} from './resolve/metadata.js'

/** A place in a file: 1-based line and column, 0-based offset (unist). */
export interface Point {
  line: number
  column: number
  offset: number
}

export interface Place {
  start: Point
  end: Point
}

/** How the document points at its source. */
export type CitationKind =
  | 'link' // [text](url)
  | 'definition' // [id]: url
  | 'reference' // [text][id], reported at each use of a definition
  | 'autolink' // <https://…>
  | 'literal' // GFM autolink literal, or a bare URL in prose
  | 'html' // raw HTML <a href>
  | 'jsx' // MDX JSX attribute such as <Cite href="…">

/** One place in a document that points at a source. */
export interface Citation {
  kind: CitationKind
  /** The URL as written (after Markdown unescaping). */
  url: string
  /** The URL to verify: parsed, fragment-free, or undefined when it does not parse. */
  normalizedUrl: string | undefined
  /** `#fragment` as written, without `#`, if any. */
  fragment: string | undefined
  /** The title the text gives the source (title attribute, or link text that reads like a title). */
  citedTitle: string | undefined
  /**
   * Where the cited title came from: a title attribute, a quoted title in a footnote or the title of a bibliography
   * entry (meant as a title), or link text that reads like one (often a description: judged more leniently).
   */
  citedTitleFrom?: 'attribute' | 'text' | 'quote' | 'entry' | undefined
  /**
   * Link text that is nothing but an address (`[nature.com](…)`, `[https://…](…)`), and the URL it spells: the page
   * a reader expects the link to open. Absent for autolinks and bare URLs, whose text is their URL.
   */
  textAddress?: TextAddress | undefined
  /** The sentence that cites the source (for a footnote: the sentence holding its reference). */
  claim: string | undefined
  /** The range of the URL's own characters (for `reference`: the reference's range). */
  place: Place
  /**
   * Where the text cites the source for `claim`, when that is not `place`: the footnote reference (`[^1]`) of a
   * footnote's claim, the marker (`[1]`) of a numbered source's. A change to that sentence is a change to the citation.
   */
  claimPlace?: Place | undefined
  /**
   * True for a later use of a footnote or numbered source: a reference (`[^1]`) or marker (`[1]`) in a sentence
   * after the one its first use stands in. `place` is that reference or marker and `claim` its sentence; only the
   * rules judging the sentence judge it, its URL being judged once, at the source.
   */
  laterUse?: true | undefined
  /** True when `place` covers exactly the URL as written, so an editor may replace it. */
  placeIsUrl: boolean
  /**
   * True for a mention: a link whose text is a person's handle (`[@dave](https://github.com/dave)`), or a badge, a
   * link showing only badge images (`[![CI](…/badge.svg)](…/actions)`). It names or shows a thing rather than citing a
   * source, so it has no claim or cited title and its credibility is not judged; it must still be alive and safe.
   */
  mention?: true | undefined
}

/** Link text that is an address: as written, and as an absolute URL (`nature.com` is `https://nature.com`). */
export interface TextAddress {
  text: string
  url: string
}

/** Per-citation status, from the citations-validate seed. */
export type Status = 'valid' | 'paywalled' | 'blocked' | 'mismatch' | 'invalid'

/** Per-citation action, from the source-verification seed: `removed` = must not be cited. */
export type Action = 'ok' | 'flagged' | 'removed'

/** One HTTP hop of a fetch. */
export interface Hop {
  url: string
  status: number
  /** `Location` resolved against `url`, when the hop redirects. */
  location?: string
  /**
   * The `#fragment` (without `#`) the location named, which replaces the cited one for the reader (RFC 9110
   * §10.2.2); absent when it named none, or held a secret.
   */
  fragment?: string
  /** The private address the host name stood for, when `allowPrivateAddresses` let it through (checked again on a cache read). */
  address?: string
}

/** Why a page looks like a "not found" page; certain on a thin page (error pages are), else only likely. */
export interface NotFoundSign {
  reason: string
  certain: boolean
}

/** What reading the page found: facts later judgments need, kept in the SourceReport. */
export interface PageFacts {
  /** Title candidates in priority order, each with where it came from. */
  titles: Array<{source: TitleSource; text: string}>
  /** Element ids and `<a name>` values. */
  anchors: string[]
  /** `og:site_name` or JSON-LD publisher name, when given. */
  siteName: string | undefined
  /** Bot-wall vendor or `unknown`, when the page is a challenge or block page. */
  botWall: string | undefined
  /** Why the page looks like a paywall or login wall, when it does. */
  paywall: string | undefined
  /** True when the page holds a password field: a sign-in form. */
  passwordField?: boolean
  /** Why the page looks like a "not found" page although its status says otherwise. */
  notFound: NotFoundSign | undefined
  /** True when `<meta name=robots>` or `X-Robots-Tag` says `noindex` (error and placeholder pages often do). */
  noindex?: boolean
  /** `<meta http-equiv=refresh>` target, resolved, when present. */
  refresh: string | undefined
  /** Visible text in reading order, paragraph-sized passages, capped. */
  passages: string[]
  /** Content type as sent. */
  contentType: string | undefined
  /** True when the body was cut at the size cap. */
  truncated: boolean
  /**
   * True when only the top of the page was read, or sent from the verifier thread, because no rule that is on
   * needed more (see `PageDepth`): titles and signals are there, passages and anchors may not be. A rule that
   * needs the whole page asks for it.
   */
  partial?: boolean
  /**
   * True when the body stopped early through this run's trouble (its deadline, a reset): the page is then also
   * `partial`, and never cached, as the timeout or the reset itself would not be.
   */
  cutShort?: boolean
}

/** How much of a page to read: its top (titles, metas, walls) or all of it, up to the size cap. */
export type PageDepth = 'top' | 'full'

export type TitleSource =
  | 'citation_title'
  | 'dc.title'
  | 'json-ld'
  | 'og:title'
  | 'twitter:title'
  | 'title'
  | 'h1'

/**
 * Liveness class of one URL. `dead` and `unsafe` lead to `removed`;
 * the others (except `alive`) to `flagged`.
 */
export type Liveness =
  | 'alive'
  | 'dead' // 404, 410, no such host, refused, redirect loop
  | 'unsafe' // refused by the URL policy before or during fetching
  | 'malformed' // does not parse as a URL
  | 'timeout' // no answer within the per-hop limit, after a retry
  | 'blocked' // bot wall / challenge / rate limited after retries
  | 'paywalled' // 401 / 402 / 403 with paywall or login signs
  | 'forbidden' // 401 / 402 / 403 without a better explanation
  | 'server-error' // 5xx
  | 'too-many-redirects' // a chain longer than the cap that does not loop
  | 'unexpected-status' // another 4xx or 1xx/3xx without a location
  | 'network-error' // reset, TLS or protocol failure after a retry
  | 'unverified' // offline and not recorded, or cache-only and not cached
  | 'error' // an internal failure: reported, never silent

/** What was learned about one URL; cacheable and serialisable. */
export interface SourceReport {
  /** The URL asked about (normalised, redacted). */
  url: string
  /** The last URL reached (redacted). */
  finalUrl: string
  hops: Hop[]
  /** Final HTTP status, when a response arrived. */
  status: number | undefined
  liveness: Liveness
  /** A short human reason, e.g. `404 Not Found` or `no answer within 5 s`. */
  reason: string
  /** Network error code when no response arrived (ENOTFOUND, ECONNREFUSED, …). */
  errorCode: string | undefined
  /** True when every redirect hop was permanent (301, 308). */
  permanentRedirect: boolean
  page: PageFacts | undefined
  /** Milliseconds spent fetching, over every attempt. */
  elapsedMs: number
  /** ISO time the report was made. */
  checkedAt: string
  /** What the registries say about the paper the URL names (DOI, arXiv id, PubMed id); absent for other URLs. */
  work?: Work
}

/** What the registries said about the identifier in a cited URL; cached with the report of that URL. */
export interface Work {
  identifier: Identifier
  /**
   * - `found`: a registry knows the identifier (its metadata may still be unreadable);
   * - `missing`: the registry answered and does not know it: an invented or mistyped reference;
   * - `unverified`: no usable answer (timeout, 5xx, 429, an unreadable body): never taken as missing.
   */
  outcome: 'found' | 'missing' | 'unverified'
  /** Who said so: `doi.org` (the registration-agency lookup), or the registry the metadata came from. */
  registry: Registry | 'doi.org'
  /** The work's title, type, notices, …, when found and readable. */
  metadata?: WorkMetadata
  /**
   * Why, for `missing` and `unverified` (e.g. `DOI 10.5555/x is not registered`, `Crossref: 503 Service Unavailable`);
   * for `found`, what could not be read: its metadata, or the notices of its journal version or PubMed record.
   */
  reason?: string
}

/** A host's politeness limits (see the scheduler). */
export interface HostLimits {
  /** Requests in flight to one host at once. */
  concurrency: number
  /** Milliseconds between the starts of two requests to one host. */
  interval: number
}

/**
 * A request slot of a host among every process sharing a cache: `busy` when all are held (ask again), else the
 * wait before the reserved start, and `free` once the request is done.
 */
export type HostSlot = {busy: true} | {busy: false; waitMs: number; free(): Promise<void>}
