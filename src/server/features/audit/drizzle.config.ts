import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/audit/schema.ts',
  out: './src/server/features/audit/migrations',
});
