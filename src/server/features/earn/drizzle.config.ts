import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/earn/schema.ts',
  out: './src/server/features/earn/migrations',
});
