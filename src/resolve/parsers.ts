// The registries' answer parsers in one module, which works.ts loads at the first registry answer: they bring in
// htmlparser2 (about 45 ms to load), which the verifier thread otherwise loaded before sending its first request.

export {parseArxivAtom} from './arxiv.js'
export {parseCrossrefWork} from './crossref.js'
export {parseCslJson} from './csl.js'
export {parseDataCite} from './datacite.js'
export {parseDoiRA} from './doi-ra.js'
export {parsePmcSummary, parsePubmedSummary} from './pubmed.js'
export {parseWaybackAvailability} from './wayback.js'
