import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/live/schema.ts',
  out: './src/server/features/live/migrations',
});
