// The folder the editor's server checks a document from, as unified-language-server picks it: the engine's `cwd`,
// which the bin's lines name files from (the bin's is where it runs).

import {existsSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

/**
 * The innermost workspace folder (`file:` URLs, as the editor gave them) holding the document at `uri`, compared as
 * URLs as the server compares them; with no workspace folder, the nearest folder above the document holding a
 * `package.json` or `.git`. Undefined where the server checks nothing (a document outside every workspace folder).
 */
export function documentCwd(uri: string, workspaces: ReadonlySet<string>): string | undefined {
  if (workspaces.size > 0) {
    const folders = [...workspaces].map((folder) => folder.replace(/[/\\]?$/, ''))
    const holding = folders.filter((folder) => uri.startsWith(folder + '/')).sort((a, b) => b.length - a.length)[0]
    return holding === undefined ? undefined : fileURLToPath(holding)
  }
  for (let folder = dirname(fileURLToPath(uri)); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json')) || existsSync(join(folder, '.git'))) return folder
    if (dirname(folder) === folder) return undefined
  }
}
