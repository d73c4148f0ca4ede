// How many ids a page's reading keeps. A module of its own so that the fragment judge, which runs on the main and
// the verifier threads, reads it without loading the HTML parser (about 40 ms at every start) that anchors.ts needs.

export const maxAnchors = 5000
