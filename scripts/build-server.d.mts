// Types of build-server.mjs, a plain Node script (npm start runs it before any TypeScript loader), for the TypeScript that imports it.
export function buildServer(): Promise<void>;
export function buildServerIfStale(): Promise<void>;
export function bundleForTests(entry: string): Promise<{ file: string; remove: () => void }>;
