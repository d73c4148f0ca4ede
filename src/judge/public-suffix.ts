// tldts, the public-suffix list: CommonJS to Node (its ES build is for bundlers), so loaded with `require` (see
// cjs.ts).

import type * as Tldts from 'tldts'
import {cjs} from '../cjs.js'

export const {getDomain, getDomainWithoutSuffix, getPublicSuffix, parse} = cjs<typeof Tldts>('tldts')
