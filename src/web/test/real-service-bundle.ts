import { bundleSetup } from '../../server/test/bundle-setup';

// The web project's global setup: the component tests start one real service per file
// (serve-real-service.ts), each from one bundle made here.
export default bundleSetup('src/web/test/serve-real-service.ts', 'realServiceBundle');
