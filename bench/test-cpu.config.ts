// vite.config.ts with bench/test-cpu-setup.ts added to every project's setup files: the
// configuration of bench/test-cpu.ts, which reads the CPU of each test file through it.
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import base from '../vite.config';

const SETUP = 'bench/test-cpu-setup.ts';

export default defineConfig(async (env) => {
  const config: ViteUserConfig = typeof base === 'function' ? await base(env) : await base;
  const projects = (config.test?.projects ?? []) as TestProjectInlineConfiguration[];
  for (const project of projects) {
    const setupFiles = project.test?.setupFiles ?? [];
    project.test = { ...project.test, setupFiles: [...(Array.isArray(setupFiles) ? setupFiles : [setupFiles]), SETUP] };
  }
  return config;
});
