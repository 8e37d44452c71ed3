import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/trading/schema.ts',
  out: './src/server/features/trading/migrations',
});
