// Which files a glob finds: none under a `node_modules` folder (after `npm ci`, thousands of package readmes, never
// the project's own text), unless the glob itself names one. unified-engine skips `node_modules` only in a folder it
// walks, and the Action's `files` input reads a glob as the bin does (see src/action/match.ts).

/** Whether a path (`/`- or `\`-separated), or a glob, has a `node_modules` segment. */
export function namesNodeModules(path: string): boolean {
  return path.split(/[\\/]/).includes('node_modules')
}
