// The remark pipeline of the bin and of the library's text functions: unified-engine with the project's
// remark config (or the preset when there is none), Markdown and MDX, and `configure` settings on top.

import {stat} from 'node:fs'
import {dirname, resolve} from 'node:path'
import type {Root} from 'mdast'
import {glob, hasMagic, type IgnoreLike} from 'glob'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified, type PluggableList, type Plugin} from 'unified'
import {engine, type Preset, type VFileReporter} from 'unified-engine'
import {VFile} from 'vfile'
import recommended, {configure} from '../../rules/index.js'
import type {Options} from '../options.js'
import remarkUtf16Stop from './encoding.js'
import remarkNoCitationRules from './no-rules.js'
import {defaultExtensions} from './extensions.js'
import {globSyntax} from './file-count.js'
import {binReport} from './config-error.js'
import {namesNodeModules} from './node-modules.js'
import {noMatch, noSuchFile} from './outcome.js'
import {syntaxPlugins} from './syntax.js'
import {explainTooDeep} from './too-deep.js'
import {explainUnreadable} from './unreadable.js'

/** What a project without a remark config gets: GFM (footnotes, autolink literals) and the preset. */
export const defaultConfig: Preset = {plugins: [remarkGfm as Plugin<unknown[]>, recommended]}

export interface RunOptions {
  cwd: string
  /** Paths, globs or folders (a path on disk is taken as written), or in-memory files (a VFile with a `value` is not read from disk). */
  files: Array<string | VFile>
  /** Without the dot; default `md`, `markdown`, `mdx`. */
  extensions?: readonly string[]
  /** Look for `.remarkrc*` and `package.json#remarkConfig` from each file's folder up (default `true`). */
  detectConfig?: boolean
  /** Honour `.remarkignore` (default `true`). */
  detectIgnore?: boolean
  /** Skip given files that `.remarkignore` lists instead of failing on them. */
  silentlyIgnore?: boolean
  /** A config file to use instead of looking for one. */
  rcPath?: string | undefined
  /** Settings for `configure`, merged over what the config gives it. */
  configure?: Options | undefined
  /** Print remark's report there; without it nothing is printed. */
  report?: {stream: NodeJS.WritableStream; color: boolean; quiet: boolean; frail: boolean} | undefined
  /** Called as each file finishes its checks (the progress line). */
  onFile?: ((file: VFile) => void) | undefined
  /** Filled with each config loaded, by folder: what a config failure is told from (see config-error.ts). */
  configs?: Map<string, string> | undefined
}

/** The given files, processed, each with its messages and `recordsOf` data. Rejects only when the engine itself fails. */
export async function runEngine(options: RunOptions): Promise<VFile[]> {
  const files = (await Promise.all(options.files.map((file) => given(file, options.cwd)))).flat()
  // Globs that found nothing: without files, the engine would read stdin.
  if (files.length === 0) return []
  const plugins: PluggableList = [...syntaxPlugins, remarkUtf16Stop, remarkNoCitationRules]
  // Handed over as a processor setting, not as this plugin's options: unified-engine deep-merges a plugin's options
  // into the config's own object (arrays index by index), which is the config module's and outlived the call. `{}`
  // changes no options the config gives, and attaches `configure` where the config has none.
  if (options.configure) plugins.push([configure, {}])
  if (options.onFile) plugins.push([fileDone, options.onFile])
  const {report} = options
  // Each config loaded, by folder: a plugin that cannot be found is known only by the folder it was looked up from.
  const configs = options.configs ?? new Map<string, string>()
  return new Promise((resolve, reject) => {
    engine(
      {
        // No compiler: nothing is written back (`out`, `output`), and remark-stringify is 60 modules to load.
        processor: unified().use(remarkParse).freeze(),
        cwd: options.cwd,
        files,
        extensions: [...(options.extensions ?? defaultExtensions)],
        rcName: '.remarkrc',
        packageField: 'remarkConfig',
        pluginPrefix: 'remark',
        detectConfig: options.detectConfig ?? true,
        rcPath: options.rcPath,
        defaultConfig,
        configTransform: (config: Preset, path: string) => {
          configs.set(dirname(path), path)
          return config
        },
        ignoreName: '.remarkignore',
        detectIgnore: options.detectIgnore ?? true,
        silentlyIgnore: options.silentlyIgnore ?? false,
        plugins,
        ...(options.configure ? {settings: {remarkLintCitations: options.configure}} : {}),
        out: false,
        output: false,
        ...(report
          ? {
              reporter: (files, reporterOptions) => binReport(files.map(explain), reporterOptions, {cwd: options.cwd, configs, rcPath: options.rcPath}),
              streamError: report.stream,
              color: report.color,
              quiet: report.quiet,
              frail: report.frail
            }
          : {reporter: silent})
      },
      (error, _code, context) => {
        if (error || !context) reject(error ?? new Error('unified-engine ended without a result'))
        else resolve(context.files.filter(isGiven).map(explain))
      }
    )
  })
}

const silent: VFileReporter = () => ''

/** A file the engine could not check for its shape or for the file system, said as such (see too-deep.ts, unreadable.ts). */
function explain(file: VFile): VFile {
  return explainUnreadable(explainTooDeep(file))
}

/**
 * A path as unified-engine should take it. One that names a file or folder on disk is that path, also with glob
 * syntax in it (`[slug].mdx`, as Next.js names pages): unified-engine would expand it as a glob, which matches
 * `s.mdx` or nothing. As a VFile without a value, it is found and read as given. A glob is expanded here, as the
 * engine would (node-glob), but outside `node_modules` unless it names one (see node-modules.ts).
 */
async function given(file: string | VFile, cwd: string): Promise<Array<string | VFile>> {
  if (typeof file !== 'string') return [file]
  const error = await statError(resolve(cwd, file))
  if (error && error.code !== 'ENOENT') return [unreadable(file, cwd, noSuchFile, error)]
  if (!globSyntax.test(file)) return [file]
  if (!error) return [onDisk(file, cwd)]
  // Not a glob to node-glob either: the engine says it is not there.
  if (!hasMagic(file)) return [file]
  const matches = await glob(file, {cwd, ...(namesNodeModules(file) ? {} : {ignore: outsideNodeModules})})
  // A glob that finds nothing is a wrong argument, as a missing path is: a typo must not pass CI unchecked.
  if (matches.length === 0) return [unreadable(file, cwd, noMatch)]
  return matches.map((match) => onDisk(match, cwd))
}

/** A path on disk, taken as written. The working directory itself has no name to give a VFile. */
function onDisk(file: string, cwd: string): string | VFile {
  const path = resolve(cwd, file)
  return path === cwd ? file : new VFile({path})
}

/** Neither a `node_modules` folder (nor what is in it) is matched, nor walked into: from the glob's `cwd` down. */
const outsideNodeModules: IgnoreLike = {
  ignored: (path) => namesNodeModules(path.relativePosix()),
  childrenIgnored: (path) => namesNodeModules(path.relativePosix())
}

/** Why a path cannot be looked at; the callback form, as unified-engine's own, gives an error without a stack. */
function statError(path: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((done) => stat(path, (error) => done(error ?? undefined)))
}

/**
 * A path that names nothing to check, said as the engine says a missing one: one the file system refuses to look at
 * (below a file, a symlink loop, a name too long; the engine knows only ENOENT, and went on to read such a path as a
 * file, which failed as a crash, exit 3, or first to look for a config below it), or a glob that finds no file.
 * With a value, it is neither looked for nor read.
 */
function unreadable(path: string, cwd: string, reason: string, cause?: Error): VFile {
  const file = new VFile({cwd, path, value: ''})
  file.message(reason, cause ? {cause} : {}).fatal = true
  return file
}

/** Files named on the command line (or found in its folders), not those a plugin added, and not ignored ones. */
function isGiven(file: VFile): boolean {
  const data = file.data as {unifiedEngineGiven?: boolean; unifiedEngineIgnored?: boolean}
  return data.unifiedEngineGiven === true && data.unifiedEngineIgnored !== true
}

/** Last in every file's pipeline, after the rules: tells the caller the file is done. */
const fileDone: Plugin<[(file: VFile) => void], Root> = function (onFile) {
  return (_tree, file) => {
    onFile(file)
  }
}
