import { CATALOGUE_ERRORS as E } from '../../../contract/catalogue';
import { isApiError } from '../../lib/api-client';

export type RegisterField = 'blockchainId' | 'address' | 'symbol' | 'root';

export interface RegisterProblem {
  field: RegisterField;
  message: string;
}

/**
 * Where a refused registration goes on the form, and what it says there. The service's own
 * sentence is kept where it names the specifics (which checksum, which standard was found, the
 * quota); elsewhere the message says in plain words what happened and what to do. Null for a
 * failure that belongs to no field (an outage, a 500, a 401), which is notified instead.
 */
export function registerProblem(error: unknown): RegisterProblem | null {
  if (!isApiError(error)) return null;
  const { status, code, message } = error;
  switch (status === 400 || status === 403 || status === 404 || status === 409 ? code : null) {
    case E.listingUnsupported:
      return { field: 'blockchainId', message: 'Tokens cannot be registered on this blockchain.' };
    case E.selfServeUnsupported:
      return { field: 'blockchainId', message: 'This blockchain does not take registrations from workspaces: ask your account manager to add the token.' };
    case E.blockchainDeprecated:
      return { field: 'blockchainId', message: 'This blockchain is deprecated: no new assets can be registered on it.' };
    case E.testnetNotAllowed:
      return { field: 'blockchainId', message: 'This workspace may not register assets on test networks.' };
    case E.mainnetNotAllowed:
      return { field: 'blockchainId', message: 'This workspace may not register assets on main networks, only on testnets.' };
    case E.invalidAddress:
      if (status === 404) {
        return {
          field: 'address',
          message: 'No token was found at this address on this blockchain. Check that the address and the blockchain belong together.',
        };
      }
      // The same code covers the Stellar asset code, which is missing or not wanted.
      return /\bsymbol\b/.test(message) ? { field: 'symbol', message } : { field: 'address', message };
    case E.standardUnsupported:
      return { field: 'address', message };
    case E.metadataUnavailable:
      return { field: 'address', message: 'The token’s name, symbol or decimals could not be read from the chain. Check the address, or try again later.' };
    case E.alreadyGlobal:
      return status === 409 ? { field: 'address', message: 'This token is already in the catalogue of every workspace: find it in the list instead.' } : null;
    case E.alreadyInWorkspace:
      return status === 409 ? { field: 'address', message: 'This token is already registered in this workspace.' } : null;
    case E.quotaReached:
      return { field: 'root', message: `${message}. Ask your account manager for a larger quota.` };
    default:
      return null;
  }
}
