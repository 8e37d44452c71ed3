import { defineConfig } from 'vitest/config';

// `npm run test:fleet`: the fleet suite, outside `npm test` because it needs a PostgreSQL server
// (DATABASE_URL) and HAProxy; it starts three service processes behind the balancer.
export default defineConfig({
  test: {
    name: 'fleet',
    environment: 'node',
    include: ['fleet/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
