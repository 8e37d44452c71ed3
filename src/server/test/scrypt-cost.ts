/**
 * The scrypt cost of the test people's password hashes (the unit suite's, the component tests' real
 * services' and the browser suite's workspaces): N=2^14 instead of the service's 2^17. At the
 * service's, every hash and every sign-in takes about 0.8 s of a core on a two-core machine, and the
 * suites sign people in hundreds of times (the browser suite's set-up alone 74). The hash records
 * its cost, so signing in runs the same code, the same scrypt, on it. The service's own hashes
 * (password changes, the CLI, the demo) keep the full cost, and the release test and the demo
 * seed's tests sign in against them. A module of its own so that the browser suite's seed does not
 * load the test harness.
 */
export const TEST_SCRYPT_COST = { N: 2 ** 14, r: 8, p: 1 };
