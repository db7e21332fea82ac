/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    setupFiles: ['tests/unit/setup.ts'],
    // Two files at once, also on two cores (the default is one fewer than the cores): many files
    // wait on servers, Redis and timers more than they compute. 120 s became 66 s on CI's machine.
    maxWorkers: 2,
  },
});
