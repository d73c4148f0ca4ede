#!/usr/bin/env node
// The editor entry: remark's language server (what vscode-remark runs), for editors without that extension.
//
// This is `remark-language-server` in all but name: the same `unified-language-server` engine with remark's
// settings, so a workspace's `.remarkrc*`, `package.json#remarkConfig` and `.remarkignore` work as in the CLI.
// The workspace's own `remark` is used when it has one; otherwise remark-parse and remark-stringify, as bundled.
// Start it with `--stdio` (or `--node-ipc`, `--socket=<port>`), as language clients do.

import process from 'node:process'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import {unified} from 'unified'
import {createUnifiedLanguageServer} from 'unified-language-server'

process.title = 'remark-lint-citations-language-server'

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
