// A document a language server checks is left out of unified-engine's text report, which nobody reads there.

import type {VFile} from 'vfile'

declare module 'vfile' {
  interface DataMap {
    /** Set by unified-language-server on the files it makes from open documents. */
    lspDocumentUri: string
    /** Set by unified-engine on the files it was given: those its report lists. */
    unifiedEngineGiven: boolean
  }
}

/**
 * unified-language-server (vscode-remark, remark-language-server, this package's server) runs the engine with its
 * report written to a stream that nothing reads, and the engine waits for that write to finish: past the 16 KiB a
 * stream holds unread, it never did, so a document whose report ran longer (some 50 findings, as 27 citations of
 * unknown sources make) never got its diagnostics. The server publishes the file's messages, not the report: a file
 * it made is taken out of the report, as the engine leaves out a file it was not given.
 */
export function leaveOutOfEngineReport(file: VFile): void {
  if (file.data.lspDocumentUri !== undefined) delete file.data.unifiedEngineGiven
}
