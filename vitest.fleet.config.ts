import { defineConfig } from 'vitest/config';

// `npm run test:fleet`: the fleet suite, outside `npm test` because it needs a PostgreSQL server
// (DATABASE_URL) and HAProxy; it starts three service processes behind the balancer.
export default defineConfig({
  test: {
    name: 'fleet',
    environment: 'node',
    include: ['fleet/**/*.test.ts'],
    fileParallelism: false,
    globalSetup: ['src/server/test/service-bundle.ts'],
    // A bound for a test that never gets there, not a speed: the fleet shares two cores with its
    // three instances, HAProxy, Prometheus and PostgreSQL.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
