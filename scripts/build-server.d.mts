// Types of build-server.mjs, a plain Node script (npm start runs it before any TypeScript loader), for the TypeScript that imports it.
import type { BuildOptions } from 'esbuild';

export const SERVICE_BUNDLE: BuildOptions;
export function buildServer(): Promise<void>;
export function buildServerIfStale(): Promise<void>;
