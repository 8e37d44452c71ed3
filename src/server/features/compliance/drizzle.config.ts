import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/compliance/schema.ts',
  out: './src/server/features/compliance/migrations',
});
