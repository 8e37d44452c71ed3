import { bundleSetup } from '../src/server/test/bundle-setup';

// The fleet suite's global setup: every instance it starts (a dozen or more, restarts included)
// runs one bundle of this checkout's service.
export default bundleSetup('src/server/main.ts', 'serviceBundle');
