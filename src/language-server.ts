#!/usr/bin/env node
// The editor entry: remark's language server (what vscode-remark runs), for editors without that extension.
//
// This is `remark-language-server` in all but name: the same `unified-language-server` engine with remark's
// settings, so a workspace's `.remarkrc*`, `package.json#remarkConfig` and `.remarkignore` work as in the CLI.
// The workspace's own `remark` is used when it has one; otherwise remark-parse and remark-stringify, as bundled.
// Start it with `--stdio` (or `--node-ipc`, `--socket=<port>`), as language clients do.
//
// Additions, made by wrapping the connection it makes before it loads:
// - it checks open documents again only on an edit, a watched file or a settings change, so an answer fetched in
//   the background (`cacheOnly: 'background'`) waited for the next keystroke: such answers check the open
//   documents again, as a watched file's change does;
// - it publishes each check when it finishes, so a slow check of an older version came last and its diagnostics
//   stayed: only the document's latest version is published;
// - a document that is not a file (`untitled:`) crashed it when no workspace folder was given: such documents are
//   not checked (the engine reads files by path);
// - a byte order mark counts as a character in LSP but not in the syntax tree: positions on the first line shift;
// - it exits on the `exit` notification at once (`process.exit`), so answers still being written to the cache were
//   lost: `shutdown` closes the verifiers first, for a while at most;
// - a config that does not load was published as `Cannot process file` and a stack, an invalid option with no config
//   named: both are said as the bin says them (editor-config-error.ts), files named from the document's workspace
//   folder, which this follows as the server does (its folders are not shared).
// It also reads documents as the bin does (`syntaxPlugins`): `.mdx` as MDX, front matter as settings.

import {createRequire} from 'node:module'
import {dirname} from 'node:path'
import process from 'node:process'
import {fileURLToPath} from 'node:url'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import {unified} from 'unified'
import {syntaxPlugins} from './cli/syntax.js'
import {configLine, remarkConfigNames} from './editor-config-error.js'
import {documentCwd} from './editor-workspace.js'
import {backgroundAnswerEvent, processEvents} from './verify/background-event.js'
import {closeSharedVerifiers} from './verify/shared.js'
import {withTimeout} from './with-timeout.js'

process.title = 'remark-lint-citations-language-server'

/** The LSP shapes this reads (the server's dependencies carry the protocol types, the package does not). */
interface Position {
  line: number
  character: number
}
interface Diagnostic {
  range: {start: Position; end: Position}
  message: string
  code?: string | number
  source?: string
}
interface Published {
  uri: string
  version?: number
  diagnostics: Diagnostic[]
}
interface Opened {
  textDocument: {uri: string; version: number; text: string}
}
interface Changed {
  textDocument: {uri: string; version: number}
  contentChanges: Array<{text: string; range?: unknown}>
}
interface Closed {
  textDocument: {uri: string}
}
interface Folder {
  uri: string
}
interface Initialize {
  rootUri?: string | null
  workspaceFolders?: Folder[] | null
}
type Listen<P> = (handler: (params: P) => void) => unknown

/** The part of vscode-languageserver's connection this wraps. */
interface Connection {
  onInitialize: (handler: (params: Initialize, ...rest: unknown[]) => unknown) => unknown
  onInitialized: Listen<unknown>
  /** A getter that throws for a client that sends no folder changes. */
  workspace: {onDidChangeWorkspaceFolders: Listen<{added: Folder[]; removed: Folder[]}>}
  onDidChangeWatchedFiles: Listen<{changes: unknown[]}>
  onDidOpenTextDocument: Listen<Opened>
  onDidChangeTextDocument: Listen<Changed>
  onDidCloseTextDocument: Listen<Closed>
  sendDiagnostics(params: Published): Promise<void>
  onShutdown(handler: () => Promise<void>): unknown
}

/** An open document as the editor has it: its latest version, and whether its text starts with a byte order mark. */
interface Open {
  version: number
  bom: boolean
}

/** Answers that arrive together (a page of citations) check the documents once. */
const recheckDelayMs = 200
const byteOrderMark = '\uFEFF'
/** Editors wait some 2 s for the answer to `shutdown` before they stop the server themselves. */
const shutdownWaitMs = 1500

let recheck: (() => void) | undefined
// The CommonJS module unified-language-server imports, as it resolves it: its ESM view is made from these exports
// when it first loads, so a createConnection replaced now is the one it calls. Should a later version make its
// connection otherwise, nothing is wrapped, and the server behaves as remark's does.
try {
  const lsp = createRequire(import.meta.resolve('unified-language-server'))('vscode-languageserver/node.js') as {
    createConnection: (...args: unknown[]) => Connection
  }
  const createConnection = lsp.createConnection
  lsp.createConnection = (...args) => {
    const connection = createConnection(...args)
    const workspaces = new Set<string>()
    catchRecheck(connection)
    trackWorkspaces(connection, workspaces)
    trackDocuments(connection, new Map(), workspaces)
    connection.onShutdown(() => closeVerifiers(shutdownWaitMs))
    return connection
  }
} catch {}

/** Keeps the handler of watched-file changes, to check the open documents again when answers arrive. */
function catchRecheck(connection: Connection): void {
  const listen = connection.onDidChangeWatchedFiles.bind(connection)
  connection.onDidChangeWatchedFiles = (handler) => {
    recheck = () => handler({changes: []})
    return listen(handler)
  }
}

/** Keeps the workspace folders as unified-language-server keeps them (the client's, else its root), changes included. */
function trackWorkspaces(connection: Connection, workspaces: Set<string>): void {
  const onInitialize = connection.onInitialize.bind(connection)
  connection.onInitialize = (handler) =>
    onInitialize((params, ...rest) => {
      for (const folder of params.workspaceFolders ?? []) workspaces.add(folder.uri)
      if (workspaces.size === 0 && params.rootUri) workspaces.add(params.rootUri)
      return handler(params, ...rest)
    })
  const onInitialized = connection.onInitialized.bind(connection)
  connection.onInitialized = (handler) =>
    onInitialized((params) => {
      try {
        // Before the server's own listener, which checks the documents again.
        connection.workspace.onDidChangeWorkspaceFolders(({added, removed}) => {
          for (const folder of removed) workspaces.delete(folder.uri)
          for (const folder of added) workspaces.add(folder.uri)
        })
      } catch {} // A client that sends no folder changes.
      handler(params)
    })
}

/**
 * Lets the verifiers finish what they have under way (answers being read and written to the cache, marks not yet
 * written), for `ms` at most: `exit` follows, and ends the process whatever it is doing.
 */
function closeVerifiers(ms: number): Promise<void> {
  return withTimeout(closeSharedVerifiers(), ms, 'still closing').catch(() => {})
}

/** Lets through the open, change and close of `file:` documents only, noting each one's latest version, and publishes for those. */
function trackDocuments(connection: Connection, open: Map<string, Open>, workspaces: ReadonlySet<string>): void {
  const onOpen = connection.onDidOpenTextDocument.bind(connection)
  connection.onDidOpenTextDocument = (handler) =>
    onOpen((params) => {
      const {uri, version, text} = params.textDocument
      if (!uri.startsWith('file:')) return
      open.set(uri, {version, bom: text.startsWith(byteOrderMark)})
      handler(params)
    })
  const onChange = connection.onDidChangeTextDocument.bind(connection)
  connection.onDidChangeTextDocument = (handler) =>
    onChange((params) => {
      const {uri, version} = params.textDocument
      const known = open.get(uri)
      if (!known) return
      // The server asks for full sync: the last change is the whole text.
      const whole = params.contentChanges.at(-1)
      open.set(uri, {version, bom: whole && whole.range === undefined ? whole.text.startsWith(byteOrderMark) : known.bom})
      handler(params)
    })
  const onClose = connection.onDidCloseTextDocument.bind(connection)
  connection.onDidCloseTextDocument = (handler) =>
    onClose((params) => {
      if (!open.has(params.textDocument.uri)) return
      handler(params) // Publishes the document's empty diagnostics, so it is forgotten only after.
      open.delete(params.textDocument.uri)
    })
  const send = connection.sendDiagnostics.bind(connection)
  /** Publishes for a document's latest version only, placed as the editor counts. */
  const publish = (params: Published): Promise<void> => {
    const known = open.get(params.uri)
    // A check of a version edited since, or of a document closed since, that finished late.
    if (!known || (params.version !== undefined && params.version !== known.version)) return Promise.resolve()
    return send(known.bom ? {...params, diagnostics: params.diagnostics.map(afterByteOrderMark)} : params)
  }
  connection.sendDiagnostics = (params) => {
    const path = open.has(params.uri) ? fileURLToPath(params.uri) : undefined
    const cwd = path === undefined ? undefined : (documentCwd(params.uri, workspaces) ?? dirname(path))
    const lines = path === undefined || cwd === undefined ? [] : params.diagnostics.map((diagnostic) => configLine(diagnostic, path, cwd))
    if (lines.every((line) => line === undefined)) return publish(params)
    // A broken config or an invalid option, said as the bin says it (the document may be edited meanwhile).
    return Promise.all(lines.map((line) => line?.catch(() => undefined))).then((said) =>
      publish({...params, diagnostics: params.diagnostics.map((diagnostic, index) => ({...diagnostic, message: said[index] ?? diagnostic.message}))})
    )
  }
}

/**
 * A diagnostic placed as LSP counts: the tree's first line starts after the byte order mark, the editor's at it.
 * Quick fixes take their range from the diagnostic the editor sends back, so they follow.
 */
function afterByteOrderMark<D extends Diagnostic>(diagnostic: D): D {
  const {start, end} = diagnostic.range
  return {...diagnostic, range: {start: shifted(start), end: shifted(end)}}
}

function shifted(position: Position): Position {
  return position.line === 0 ? {line: 0, character: position.character + 1} : position
}

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
  plugins: syntaxPlugins,
  processorName: 'remark',
  processorSpecifier: 'remark',
  ...remarkConfigNames
})
