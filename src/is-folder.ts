// Whether a path given as a working folder (the API's `cwd`, the Action's `working-directory`) is one.

import {statSync} from 'node:fs'

/** A folder that can be reached: not missing, not below a file (ENOTDIR), not unreadable, no NUL in its name. */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
