// Example configuration: copy it to `.remarkrc.mjs` in your project (`.remarkrc.js` only where package.json says `"type": "module"`).
// As shipped it replays the responses recorded in examples/fixtures.json, so
// `npm run example` is offline and deterministic; drop `offline` to check the live web.
import remarkGfm from 'remark-gfm'
import recommended, {configure, citationCredibility} from 'remark-lint-citations'

export default {
  plugins: [
    remarkGfm,
    recommended,
    [
      configure,
      {
        offline: {fixtures: 'examples/fixtures.json'},
        // Not checked at all: your own site, local previews.
        skip: [/^https:\/\/docs\.internal\.example\//]
      }
    ],
    // Your own verdicts on sources, added to the built-in table.
    [citationCredibility, ['warn', {lists: ['examples/sources.txt']}]]
  ]
}
