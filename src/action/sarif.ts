// SARIF paths made repository-relative, as code scanning resolves them against the checkout's root.

import {readFile} from 'node:fs/promises'
import {jsonText} from '../report/json-text.js'
import {artifactUri} from '../report/sarif.js'
import {writeReport} from '../report/write.js'

/**
 * The bin writes paths relative to its working directory; when that is a folder of the repository
 * (`prefix`, such as `docs/`), each relative `artifactLocation.uri` (results and fixes) gets the prefix.
 */
export async function prefixSarifPaths(path: string, prefix: string): Promise<void> {
  if (prefix === '') return
  const log = JSON.parse(await readFile(path, 'utf8')) as unknown
  const base = artifactUri(prefix)
  visit(log, (location) => {
    if (typeof location.uri === 'string' && !/^[a-z][a-z\d+.-]*:/i.test(location.uri)) location.uri = base + location.uri
  })
  await writeReport(path, jsonText(log, 2) + '\n')
}

function visit(value: unknown, each: (location: {uri?: unknown}) => void): void {
  if (Array.isArray(value)) for (const item of value) visit(item, each)
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'artifactLocation' && item && typeof item === 'object') each(item as {uri?: unknown})
      else visit(item, each)
    }
  }
}
