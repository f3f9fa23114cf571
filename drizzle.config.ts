import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/platform/db/schema.ts',
  out: './server/platform/db/migrations',
});
