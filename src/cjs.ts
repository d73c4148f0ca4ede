// CommonJS packages, loaded with `require`.
//
// Why: an ES import of CommonJS makes Node scan the file for export names first and load it through its ES
// translator; `require` does neither. For tldts (200 kB), ipaddr.js and fastest-levenshtein that was about 55 ms
// of the rules' start-up, which comes before the verifier thread can be made (see verify/thread.ts), and for
// ipaddr.js and undici's agent part of the thread's own. The types stay the packages': each caller names them.

import {createRequire} from 'node:module'

const require = createRequire(import.meta.url)

/** `require(id)`, resolved from this package (its own name too, through `exports`), typed as the caller says. */
export function cjs<T>(id: string): T {
  return require(id) as T
}
