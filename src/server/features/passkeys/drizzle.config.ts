import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/passkeys/schema.ts',
  out: './src/server/features/passkeys/migrations',
});
