import { readFile } from 'node:fs/promises';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { EarnProvider } from '../../../contract/earn';
import * as routes from '../../../contract/routes/earn';
import { register } from '../../http/register';
import type { TrustProxy } from '../../env';
import { forwardedHeader, isSecureRequest } from '../../http/client-address';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { badRequest, notFound } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv } from '../../http/types';
import { auditRequest } from '../audit/record';
import { pageOfProviders, type Boundary } from './provider-list';
import { EARN_PROVIDERS, findEarnProvider, type ShippedEarnProvider } from './providers';
import * as store from './store';
import { serverFile } from '../../server-file';

/** Provider logos are served from here, so the console's images stay on its own origin. */
export const LOGO_PATH = '/static/earn-logos';
const LOGO_FILE = /^[a-z0-9-]+\.svg$/;

/** The address clients use to reach this service (behind a trusted proxy, the one it was asked for). */
function publicOrigin(c: Context<AppEnv>, trustProxy: TrustProxy): string {
  const url = new URL(c.req.url);
  const host = forwardedHeader(c, trustProxy, 'X-Forwarded-Host') ?? url.host;
  return `${isSecureRequest(c, trustProxy) ? 'https' : url.protocol.replace(':', '')}://${host}`;
}

function toProvider(p: ShippedEarnProvider, approved: Set<string>, origin: string): EarnProvider {
  return {
    providerId: p.providerId,
    displayName: p.displayName,
    logoUrl: `${origin}${LOGO_PATH}/${p.logoFile}`,
    supportedChainIds: p.supportedChainIds,
    isTermsApprovalRequired: p.isTermsApprovalRequired,
    termsOfServiceUrl: p.termsOfServiceUrl,
    isTermsOfServiceApproved: approved.has(p.providerId),
  };
}

export function registerEarn(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  register(app, deps, routes.listEarnProviders, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const fingerprint = `earn-providers:${q.sortBy}:${q.order}`;
    const from = q.pageCursor ? decodeCursor<Boundary>(deps.secrets.cursorKey, q.pageCursor, { workspaceId, fingerprint }) : undefined;
    const approved = await store.approvedProviderIds(deps.db, workspaceId);
    const origin = publicOrigin(c, deps.config.trustProxy);
    const page = pageOfProviders(
      EARN_PROVIDERS.map((p) => toProvider(p, approved, origin)),
      q.sortBy,
      q.order,
      q.pageSize,
      from,
    );
    const cursor = (b?: Boundary) => (b ? encodeCursor(deps.secrets.cursorKey, workspaceId, fingerprint, b) : '');
    return c.json({ data: page.data, total: page.total, next: cursor(page.next), prev: cursor(page.prev) }, 200);
  });

  async function approve(c: Context<AppEnv>, provider: ShippedEarnProvider) {
    if (!provider.isTermsApprovalRequired) throw badRequest(`providerId ${provider.providerId} has no terms of service that need approval`);
    const principal = c.get('principal');
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const recorded = await store.recordApproval(
          tx,
          principal.workspaceId,
          provider.providerId,
          { id: principal.id, name: principal.name },
          deps.now().getTime(),
        );
        // Approving again changes nothing, so it records nothing either.
        if (recorded) {
          await auditRequest(tx, c, deps, deps.now(), {
            category: 'Earn',
            subject: 'Terms of service',
            event: 'Approved',
            detail: {
              providerId: provider.providerId,
              termsOfServiceUrl: provider.termsOfServiceUrl,
              before: { isTermsOfServiceApproved: false },
              after: { isTermsOfServiceApproved: true },
            },
          });
        }
      },
      () => c.body(null, 204),
    );
  }

  register(app, deps, routes.approveEarnTermsOfService, async (c) => {
    const { providerId } = c.req.valid('json');
    const provider = findEarnProvider(providerId);
    if (!provider) throw badRequest(`providerId ${providerId} is not an earn provider (${EARN_PROVIDERS.map((p) => p.providerId).join(', ')})`);
    return approve(c, provider);
  });

  register(app, deps, routes.approveEarnProviderTermsOfService, async (c) => {
    const { providerId } = c.req.valid('param');
    const provider = findEarnProvider(providerId);
    if (!provider) throw notFound(`No earn provider ${providerId}`);
    return approve(c, provider);
  });

  app.get(`${LOGO_PATH}/:file`, async (c) => {
    const file = c.req.param('file');
    if (!LOGO_FILE.test(file)) return c.notFound();
    try {
      const svg = await readFile(serverFile(`features/earn/logos/${file}`));
      return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return c.notFound();
      throw error;
    }
  });
}
