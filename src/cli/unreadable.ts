// A file found on disk that cannot be read (no permission, a symlink loop met in a walked folder, removed after the
// folder was listed, a symlink to a missing file): the engine said `Cannot process file`, an internal failure
// (exit 3) that no report listed, or, for a dangling symlink, `No such file or folder`, a wrong argument (exit 2)
// though the user named a folder. It is the file system's answer about one file: said so, as a file not checked.

import {lstatSync, readlinkSync} from 'node:fs'
import {resolve} from 'node:path'
import type {VFile} from 'vfile'
import {noSuchFile, type Message} from './outcome.js'

/** Replaces, in place, a read failure's message by one naming the file system's reason, at the file's start. */
export function explainUnreadable(file: VFile): VFile {
  for (const [index, message] of file.messages.entries()) {
    const reason = unreadableReason(message, resolve(file.cwd, file.path))
    if (!reason) continue
    file.messages.splice(index, 1)
    file.message(`Cannot read this file: ${reason}`, {place: {line: 1, column: 1}, source: 'remark-lint-citations'}).fatal = true
    return file
  }
  return file
}

function unreadableReason(message: Message, path: string): string | undefined {
  const error = message.cause as NodeJS.ErrnoException | undefined
  // The file system's own error about this file: a config that cannot be read is said with its path and code too.
  if (typeof error?.code !== 'string' || typeof error.path !== 'string' || resolve(error.path) !== path) return undefined
  if (message.reason === 'Cannot process file' && (error.syscall === 'open' || error.syscall === 'read')) {
    // Node's message, 'EACCES: permission denied, open '/…'', without the code and the path.
    const words = /^\w+: ([^,]+)/.exec(error.message)?.[1] ?? error.message
    return `${words} (\`${error.code}\`)`
  }
  if (message.reason === noSuchFile && error.code === 'ENOENT') {
    const target = linkTarget(path)
    if (target !== undefined) return `it is a symbolic link to \`${target}\`, which does not exist`
  }
  return undefined
}

/** What a symbolic link points at, undefined for a path that is none (a missing file is a wrong argument). */
function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined
  } catch {
    return undefined
  }
}
