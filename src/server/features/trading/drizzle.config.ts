import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The vault tables were created in this history and stay in it (see ../vault/schema.ts).
  schema: ['./src/server/features/trading/schema.ts', './src/server/features/vault/schema.ts'],
  out: './src/server/features/trading/migrations',
});
