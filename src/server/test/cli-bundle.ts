import { bundleSetup } from './bundle-setup';

// The global setup of the server suite's tests that run the operator CLI as an operator does (the
// SDK tests' owner and API user, the backup story's backup, restore and verify): every run of it
// is one bundle, made once per run, rather than its sources compiled by tsx each time.
export default bundleSetup('src/cli/main.ts', 'cliBundle');
