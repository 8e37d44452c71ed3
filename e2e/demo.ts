/** The demo workspace the service seeds when started with DEMO=true (see playwright.config.ts). */
export const DEMO_PASSWORD = 'e2e-Demo-password-1';

export const DEMO_USERS = {
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  admin2: 'admin2@demo.test',
  nsadmin: 'nsadmin@demo.test',
  auditor: 'auditor@demo.test',
  viewer: 'viewer@demo.test',
  signer: 'signer@demo.test',
  trader: 'trader@demo.test',
} as const;
