import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/transactions/schema.ts',
  out: './src/server/features/transactions/migrations',
});
