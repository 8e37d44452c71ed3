import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/catalogue/schema.ts',
  out: './src/server/features/catalogue/migrations',
});
