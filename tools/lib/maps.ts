/** The bundled maps from disk: shared with the tests, so it lives in src/devtools. */
export * from '../../src/devtools/bundled-maps';
