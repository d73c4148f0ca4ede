// tldts, the public-suffix list, loaded with `require`.
//
// Why: to Node it ships CommonJS only (its ES build is for bundlers), and an ES import of CommonJS makes Node scan
// the whole 200 kB file for export names first: 30 ms more of every run's start-up, before the verifier thread
// can be made (see verify/thread.ts). The types are the package's.

import {createRequire} from 'node:module'
import type * as Tldts from 'tldts'

const tldts = createRequire(import.meta.url)('tldts') as typeof Tldts

export const {getDomain, getDomainWithoutSuffix, getPublicSuffix, parse} = tldts
