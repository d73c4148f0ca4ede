// The built-in source table for `citation-credibility`: categories with their scores, and the
// domains, public suffixes and URL paths that place a source in one. Written for this project
// (no third-party list is copied); users override any of it (see rules/citation-credibility/readme.md).

/**
 * A source scoring at least this is credible (the citation-verifier seed: "verifiable" means a
 * credibility of at least this). Categories below it by default: preprint, aggregator, unknown,
 * vendor, user-generated, shortener.
 */
export const DEFAULT_CREDIBILITY_THRESHOLD = 0.8

export type SourceCategory =
  | 'peer-reviewed'
  | 'government'
  | 'standards'
  | 'academic'
  | 'reference'
  | 'dataset'
  | 'news'
  | 'research'
  | 'preprint'
  | 'aggregator'
  | 'unknown'
  | 'vendor'
  | 'user-generated'
  | 'shortener'

export interface CategoryInfo {
  /** Default score in [0, 1]. */
  score: number
  /** The category as a message names it. */
  label: string
  /** Why a source in it may fall short, and what to cite instead: the message's reason. */
  reason: string
}

/** Ordered from most to least credible; the readme justifies each score. */
export const categories: Record<SourceCategory, CategoryInfo> = {
  'peer-reviewed': {score: 0.95, label: 'peer-reviewed publisher', reason: 'a peer-reviewed publisher'},
  government: {score: 0.9, label: 'government or intergovernmental body', reason: 'an official government or intergovernmental source'},
  standards: {score: 0.9, label: 'standards body', reason: 'the body that publishes the standard'},
  academic: {score: 0.85, label: 'academic institution', reason: 'an academic institution, not necessarily a reviewed publication'},
  reference: {score: 0.85, label: 'reference work', reason: 'a tertiary source, so cite what it cites for anything contested'},
  dataset: {score: 0.85, label: 'dataset', reason: 'data, not a reviewed publication, so cite the paper that analyses it for a finding'},
  // Exactly at the default threshold: news passes by default, and any stricter threshold flags it.
  news: {score: DEFAULT_CREDIBILITY_THRESHOLD, label: 'established news outlet', reason: 'a secondary source, so prefer the primary source it reports on'},
  // The primary source of its own surveys and estimates, but not reviewed, and analysts publish little of their methods:
  // at the threshold, as news is.
  research: {
    score: DEFAULT_CREDIBILITY_THRESHOLD,
    label: 'research body or pollster',
    reason: 'its own surveys, statistics or forecasts, not peer-reviewed, so check the methods it publishes'
  },
  preprint: {score: 0.7, label: 'preprint server or repository', reason: 'not peer-reviewed yet, so cite the published version when there is one'},
  // Others' numbers, republished: it names where a figure came from, but the original is the source to cite.
  aggregator: {score: 0.7, label: 'statistics aggregator', reason: 'it republishes figures others collected, so cite the original source it names'},
  unknown: {score: 0.6, label: 'unknown source', reason: 'no category is known for this domain, so add it to `trusted` or a list if you vouch for it'},
  vendor: {score: 0.5, label: 'vendor or marketing page', reason: 'a party selling something, so cite an independent source'},
  'user-generated': {score: 0.4, label: 'user-generated platform', reason: 'anyone can publish there, so cite the original or an edited source'},
  shortener: {score: 0.2, label: 'link shortener', reason: 'cite the destination, not the short link'}
}

export const categoryNames = Object.keys(categories) as SourceCategory[]

/**
 * Well-known domains by category. A host matches its own entry or its nearest listed parent, so
 * `en.wikipedia.org` is `wikipedia.org` and `acme.github.io` is `github.io`. A few hosts are listed
 * where their parent belongs elsewhere (`dictionary.cambridge.org`, `sites.google.com`).
 * `doi.org` is not here: a DOI is judged by what it resolves to (see credibility.ts).
 */
export const sourceTable: Record<Exclude<SourceCategory, 'unknown'>, readonly string[]> = {
  'peer-reviewed': [
    'nature.com', 'science.org', 'sciencemag.org', 'cell.com', 'thelancet.com', 'nejm.org', 'bmj.com',
    'springer.com', 'springeropen.com', 'biomedcentral.com', 'wiley.com', 'sciencedirect.com', 'plos.org',
    'pnas.org', 'acm.org', 'ieee.org', 'tandfonline.com', 'sagepub.com', 'oup.com', 'cambridge.org',
    'jamanetwork.com', 'annualreviews.org', 'aps.org', 'iop.org', 'acs.org', 'rsc.org', 'aip.org',
    'royalsocietypublishing.org', 'degruyter.com', 'elifesciences.org', 'peerj.com', 'frontiersin.org',
    'mdpi.com', 'jneurosci.org', 'ahajournals.org', 'cochranelibrary.com', 'ams.org', 'siam.org',
    'aclanthology.org', 'usenix.org', 'jmlr.org', 'mlr.press', 'neurips.cc', 'jstor.org', 'europepmc.org'
  ],
  government: [
    'who.int', 'un.org', 'europa.eu', 'oecd.org', 'worldbank.org', 'imf.org', 'wto.org', 'unesco.org',
    'unicef.org', 'undp.org', 'unhcr.org', 'ilo.org', 'fao.org', 'iaea.org', 'bis.org', 'ipcc.ch',
    'canada.ca', 'bund.de', 'admin.ch', 'rijksoverheid.nl', 'nhs.uk', 'parliament.uk', 'bankofengland.co.uk',
    'fgov.be',
    // National statistics offices and central banks outside a government suffix.
    'insee.fr', 'destatis.de', 'istat.it', 'ine.es', 'ine.pt', 'cbs.nl', 'scb.se', 'ssb.no', 'dst.dk', 'stat.fi',
    'statistik.at', 'cso.ie', 'ksh.hu', 'czso.cz', 'inegi.org.mx', 'stlouisfed.org', 'newyorkfed.org', 'bundesbank.de',
    'banque-france.fr', 'bancaditalia.it', 'bde.es', 'boj.or.jp', 'bankofcanada.ca', 'snb.ch', 'riksbank.se', 'dnb.nl',
    'rbi.org.in'
  ],
  standards: [
    'w3.org', 'ietf.org', 'rfc-editor.org', 'iso.org', 'whatwg.org', 'unicode.org', 'ecma-international.org',
    'nist.gov', 'iec.ch', 'itu.int', 'iana.org', 'etsi.org', 'cen.eu', 'ansi.org', 'oasis-open.org',
    'khronos.org', 'tc39.es', '3gpp.org', 'open-std.org', 'astm.org', 'omg.org'
  ],
  academic: [
    'ethz.ch', 'epfl.ch', 'cern.ch', 'mpg.de', 'cnrs.fr', 'inria.fr', 'tum.de', 'uni-heidelberg.de',
    'utoronto.ca', 'mcgill.ca', 'ubc.ca', 'uva.nl', 'tudelft.nl', 'ku.dk', 'kth.se', 'helsinki.fi'
  ],
  reference: [
    'wikipedia.org', 'wiktionary.org', 'wikidata.org', 'britannica.com', 'merriam-webster.com', 'oed.com',
    'oxfordreference.com', 'dictionary.cambridge.org', 'collinsdictionary.com', 'dictionary.com',
    'encyclopedia.com', 'scholarpedia.org', 'plato.stanford.edu', 'mathworld.wolfram.com',
    'developer.mozilla.org', 'duden.de', 'larousse.fr', 'treccani.it', 'rae.es'
  ],
  // Curated data repositories; any other is known by its registry's type (`Dataset`).
  dataset: ['datadryad.org', 'pangaea.de', 'dataverse.harvard.edu'],
  news: [
    'reuters.com', 'apnews.com', 'afp.com', 'bbc.co.uk', 'bbc.com', 'nytimes.com', 'washingtonpost.com',
    'wsj.com', 'ft.com', 'economist.com', 'theguardian.com', 'bloomberg.com', 'npr.org', 'pbs.org',
    'propublica.org', 'theatlantic.com', 'newyorker.com', 'latimes.com', 'cbc.ca', 'abc.net.au', 'dw.com',
    'france24.com', 'aljazeera.com', 'lemonde.fr', 'spiegel.de', 'zeit.de', 'faz.net', 'elpais.com',
    'nhk.or.jp', 'asahi.com', 'nikkei.com', 'scmp.com', 'scientificamerican.com', 'newscientist.com',
    'cnn.com', 'cnbc.com', 'nbcnews.com', 'cbsnews.com', 'usatoday.com', 'axios.com', 'politico.com', 'politico.eu',
    'time.com', 'fortune.com', 'businessinsider.com', 'marketwatch.com', 'vox.com', 'statnews.com', 'techcrunch.com',
    'theverge.com', 'wired.com', 'arstechnica.com', 'technologyreview.com', 'theinformation.com', 'independent.co.uk',
    'telegraph.co.uk', 'thetimes.co.uk', 'sueddeutsche.de', 'lefigaro.fr', 'corriere.it', 'thehindu.com',
    'straitstimes.com',
    // Fact-checkers: their verdicts are edited and corrected as news is.
    'politifact.com', 'factcheck.org', 'snopes.com', 'fullfact.org'
  ],
  /*
   * Organisations whose business is publishing surveys, statistics or analyses about others, so that naming one in a
   * claim is attribution ("a Pew Research Center survey found", "Gartner predicts"): pollsters, analyst firms, open
   * statistics publishers and non-partisan research institutes. Reviewed one by one, never guessed from a name. Left
   * out on purpose: consultancies (McKinsey, BCG, Deloitte) and PR firms (Edelman and its Trust Barometer), whose
   * reports sell their own services; advocacy think tanks (Heritage, Cato, Center for American Progress), whose
   * research argues for their cause; vendors' own surveys (HubSpot, Salesforce), the classic self-serving source.
   * Our World in Data compiles others' data too, but names and links the source of every chart and publishes its
   * processing code: research, not an aggregator.
   */
  research: [
    'pewresearch.org', 'gallup.com', 'ipsos.com', 'yougov.com', 'yougov.co.uk', 'morningconsult.com', 'norc.org',
    'apnorc.org', 'kff.org', 'afrobarometer.org', 'worldvaluessurvey.org',
    'gartner.com', 'forrester.com', 'idc.com', 'canalys.com', 'counterpointresearch.com',
    'ourworldindata.org',
    'rand.org', 'urban.org', 'piie.com', 'ifs.org.uk'
  ],
  preprint: [
    'arxiv.org', 'biorxiv.org', 'medrxiv.org', 'chemrxiv.org', 'ssrn.com', 'osf.io', 'preprints.org',
    'researchsquare.com', 'eartharxiv.org', 'techrxiv.org', 'hal.science', 'archives-ouvertes.fr',
    'openreview.net', 'nber.org', 'repec.org', 'zenodo.org', 'figshare.com', 'researchgate.net', 'academia.edu'
  ],
  // Sites republishing figures others collected, each credited: useful to find a number, not to cite it.
  aggregator: ['statista.com', 'tradingeconomics.com', 'worldometers.info', 'macrotrends.net', 'indexmundi.com'],
  // Press-release wires publish what companies pay them to; other vendors are found by path (below). Forrester
  // Consulting's Total Economic Impact studies are commissioned by the vendor they measure, whose marketing cites them.
  vendor: [
    'prnewswire.com', 'businesswire.com', 'globenewswire.com', 'einpresswire.com', 'accesswire.com',
    'prweb.com', 'newswire.com', 'tei.forrester.com'
  ],
  'user-generated': [
    'medium.com', 'substack.com', 'reddit.com', 'quora.com', 'stackexchange.com', 'stackoverflow.com',
    'superuser.com', 'serverfault.com', 'askubuntu.com', 'x.com', 'twitter.com', 'facebook.com',
    'instagram.com', 'linkedin.com', 'threads.net', 'bsky.app', 'mastodon.social', 'youtube.com',
    'youtu.be', 'tiktok.com', 'pinterest.com', 'tumblr.com', 'blogspot.com', 'blogger.com',
    'wordpress.com', 'github.io', 'github.com', 'gitlab.io', 'gitlab.com', 'dev.to', 'hashnode.dev',
    'wixsite.com', 'weebly.com', 'netlify.app', 'vercel.app', 'pages.dev', 'notion.site', 'fandom.com',
    'slideshare.net', 'scribd.com', 'sites.google.com', 'docs.google.com', 't.me'
  ],
  shortener: [
    'bit.ly', 't.co', 'tinyurl.com', 'goo.gl', 'ow.ly', 'buff.ly', 'is.gd', 'v.gd', 'rebrand.ly',
    'cutt.ly', 'shorturl.at', 'tiny.cc', 'bl.ink', 'lnkd.in', 'dlvr.it', 'trib.al', 's.id', 'rb.gy',
    't.ly', 'amzn.to', 'fb.me', 'wp.me', 'aka.ms', 'tr.im'
  ]
}

/**
 * Public-suffix signals, read on the ICANN public suffix: `gov`, `mil`, `int`, and second-level
 * suffixes such as `gov.uk`, `gouv.fr`, `gob.mx`, `go.jp`, `govt.nz`, `mil.br`, `gc.ca`.
 */
export const governmentSuffixes = new Set(['gov', 'mil', 'int'])
export const governmentLabels = new Set(['gov', 'gob', 'gouv', 'go', 'govt', 'gub', 'gv', 'mil', 'gc'])

/** `edu`, and second-level `ac.<cc>` / `edu.<cc>`; never the `.ac` ccTLD alone (Ascension Island, startups). */
export const academicSuffixes = new Set(['edu'])
export const academicLabels = new Set(['ac', 'edu'])

/**
 * A listed domain's first path segment that its users write, not the domain's publisher: Gartner Peer Insights'
 * reviews (`gartner.com/reviews/…`), under an analyst firm's name.
 */
export const userWrittenPaths: ReadonlyMap<string, string> = new Map([['gartner.com', 'reviews']])

/**
 * Path segments that mark a vendor's own marketing on an otherwise unlisted domain:
 * `/blog/`, `/pricing`, `/product/…`, `/solutions/…`. Vendors are too many to list by domain.
 */
export const vendorPathSegments = new Set([
  'blog', 'pricing', 'plans', 'product', 'products', 'solution', 'solutions', 'features', 'customers',
  'case-studies', 'demo', 'whitepapers'
])
