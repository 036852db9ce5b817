/**
 * The server test files that exercise what differs between the two database engines. With TEST_DATABASE_URL set,
 * `npm test` runs the whole server suite on PostgreSQL and only these files again on embedded PGlite: the SQL is the
 * same PostgreSQL dialect on both, and every end-to-end test's contract server runs on PGlite, so PGlite meets every
 * query of the portal there. What is the engine's own: how the database opens and migrates (PGlite on its own
 * thread, started from a seeded template), how connections are handed out and overload is shed (one connection,
 * shed at 500 ms, not ten at 150 ms), the processing queue (in process, not pg-boss: a job picked up, queued again,
 * retried, resumed, stopped), the demo seed and its files attached once per database, the planner's statistics, and
 * the statement counts. What a processing run makes of a file is the same on both, so it runs once, on PostgreSQL:
 * processing-conversions.test.ts and demo-files-conversions.test.ts are not listed. Without TEST_DATABASE_URL every
 * file runs on PGlite.
 */
export const ENGINE_SPECIFIC_SERVER_TESTS = [
  'tests/server/arrival-order.test.ts',
  'tests/server/overload.test.ts',
  'tests/server/prepared-statements.test.ts',
  'tests/server/processing.test.ts',
  'tests/server/processing-journeys.test.ts',
  'tests/server/seed.test.ts',
  'tests/server/demo-files.test.ts',
  'tests/server/start-banner.test.ts',
  'tests/server/table-statistics.test.ts',
  'tests/server/statement-counts.test.ts',
  'tests/server/retention.test.ts',
  'tests/server/live-counts.test.ts',
  'tests/server/crud-projects.test.ts',
];
