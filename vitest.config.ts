import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The JSON report is what CI counts; the default reporter is what people read.
    reporters: ['default', 'json'],
    outputFile: {json: 'test-results.json'}
  }
})
