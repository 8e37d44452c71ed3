import type { SessionResponse } from '../../contract/auth';
import type { Role } from '../../contract/roles';

/** A JSON answer as the service sends it, request id included. */
export function jsonResponse(status: number, body: unknown, requestId = 'test-request-id'): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-ID': requestId },
  });
}

/** What sign-in and refresh answer for a console user with the given role. */
export function sessionFor(role: Role, accessToken = `token-${role}`): SessionResponse {
  return {
    accessToken,
    expiresAt: Date.now() + 600_000,
    user: {
      id: 'u1',
      kind: 'CONSOLE',
      name: 'Pat Person',
      email: 'pat@demo.test',
      role,
      workspaceId: 'w1',
      workspaceName: 'Demo',
    },
  };
}

export const noSession = () => new Response(null, { status: 204 });
