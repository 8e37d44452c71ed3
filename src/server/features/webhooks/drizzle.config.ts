import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/webhooks/schema.ts',
  out: './src/server/features/webhooks/migrations',
});
