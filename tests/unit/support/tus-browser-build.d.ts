/** tus-js-client's browser build (what the portal bundles); the unit tests load it explicitly under jsdom. */
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}
