import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/build-dist.ts', 'tests/support/postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    env: { NODE_ENV: 'test' },
  },
});
