import { bundleSetup } from './bundle-setup';

// The global setup of the suites that start this checkout's service as processes (the fleet
// suite's instances, a dozen or more with restarts; the server suite's backup and fleet-start
// tests): every start runs one bundle of it, made once per run.
export default bundleSetup('src/server/main.ts', 'serviceBundle');
