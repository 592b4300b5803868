/** The one set of test factories: direct inserts for set-up, fast and independent of the routes under test. */
export * from './tenant';
export * from './tickets';
export * from './messaging';
