#!/usr/bin/env node
// The editor entry: remark's language server (what vscode-remark runs), for editors without that extension.
//
// This is `remark-language-server` in all but name: the same `unified-language-server` engine with remark's
// settings, so a workspace's `.remarkrc*`, `package.json#remarkConfig` and `.remarkignore` work as in the CLI.
// The workspace's own `remark` is used when it has one; otherwise remark-parse and remark-stringify, as bundled.
// Start it with `--stdio` (or `--node-ipc`, `--socket=<port>`), as language clients do.
//
// One addition: unified-language-server checks open documents again only on an edit, a watched file or a settings
// change, so an answer fetched in the background (`cacheOnly: 'background'`) waited for the next keystroke. The
// connection it makes is wrapped before it loads, and such answers check the open documents again, as a watched
// file's change does.

import {createRequire} from 'node:module'
import process from 'node:process'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import {unified} from 'unified'
import {backgroundAnswerEvent, processEvents} from './verify/background-event.js'

process.title = 'remark-lint-citations-language-server'

/** The part of vscode-languageserver's connection this wraps. */
interface Connection {
  onDidChangeWatchedFiles(handler: (params: {changes: unknown[]}) => void): unknown
}

/** Answers that arrive together (a page of citations) check the documents once. */
const recheckDelayMs = 200

let recheck: (() => void) | undefined
// The CommonJS module unified-language-server imports, as it resolves it: its ESM view is made from these exports
// when it first loads, so a createConnection replaced now is the one it calls. Should a later version make its
// connection otherwise, nothing is wrapped, and answers wait for the next change as they do under remark's server.
try {
  const lsp = createRequire(import.meta.resolve('unified-language-server'))('vscode-languageserver/node.js') as {
    createConnection: (...args: unknown[]) => Connection
  }
  const createConnection = lsp.createConnection
  lsp.createConnection = (...args) => {
    const connection = createConnection(...args)
    const listen = connection.onDidChangeWatchedFiles.bind(connection)
    connection.onDidChangeWatchedFiles = (handler) => {
      recheck = () => handler({changes: []})
      return listen(handler)
    }
    return connection
  }
} catch {}

let timer: NodeJS.Timeout | undefined
processEvents.on(backgroundAnswerEvent, () => {
  clearTimeout(timer)
  timer = setTimeout(() => recheck?.(), recheckDelayMs)
})

const {createUnifiedLanguageServer} = await import('unified-language-server')

createUnifiedLanguageServer({
  configurationSection: 'remark',
  defaultProcessor: unified().use(remarkParse).use(remarkStringify).freeze(),
  ignoreName: '.remarkignore',
  packageField: 'remarkConfig',
  pluginPrefix: 'remark',
  processorName: 'remark',
  processorSpecifier: 'remark',
  rcName: '.remarkrc'
})
