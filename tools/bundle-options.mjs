/**
 * How a TypeScript tool is bundled to run under node (run-bundled.mjs, and the bench's
 * comparison with an older commit, tools/lib/bench-compare.ts): one ES module for node 20,
 * packages left to node_modules.
 */
export const TOOL_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'error',
};
