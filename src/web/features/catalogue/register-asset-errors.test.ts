import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { registerProblem } from './register-asset-errors';

const refusal = (status: number, code: number, message = 'The service’s own words') => new ApiError(status, code, message, 'req-1');

describe('registerProblem', () => {
  it.each([
    [400, 1000, 'blockchainId', /cannot be registered on this blockchain/],
    [400, 1004, 'blockchainId', /ask your account manager/],
    [400, 1006, 'blockchainId', /deprecated/],
    [403, 1008, 'blockchainId', /test networks/],
    [403, 1009, 'blockchainId', /main networks/],
    [404, 1003, 'address', /No token was found at this address/],
    [400, 1010, 'address', /name, symbol or decimals could not be read/],
    [409, 1001, 'address', /already in the catalogue of every workspace/],
    [409, 1002, 'address', /already registered in this workspace/],
  ] as const)('puts %i %i on %s in plain words', (status, code, field, message) => {
    const problem = registerProblem(refusal(status, code));
    expect(problem?.field).toBe(field);
    expect(problem?.message).toMatch(message);
  });

  it('keeps the service’s explanation of an invalid address or a wrong standard, on the address', () => {
    const checksum = 'address is not valid on Ethereum: the EIP-55 checksum (the mix of upper and lower case) does not match';
    expect(registerProblem(refusal(400, 1003, checksum))).toEqual({ field: 'address', message: checksum });
    const standard = 'The contract at this address is a ERC721; only ERC20 tokens can be listed on Ethereum';
    expect(registerProblem(refusal(400, 1007, standard))).toEqual({ field: 'address', message: standard });
  });

  it('puts a refusal about the Stellar asset code on the symbol field', () => {
    const missing = 'symbol (the Stellar asset code) is required for a Stellar asset';
    expect(registerProblem(refusal(400, 1003, missing))).toEqual({ field: 'symbol', message: missing });
  });

  it('puts the quota on the form as a whole', () => {
    expect(registerProblem(refusal(403, 1005, 'This workspace has reached its quota of 100 registered assets'))).toEqual({
      field: 'root',
      message: 'This workspace has reached its quota of 100 registered assets. Ask your account manager for a larger quota.',
    });
  });

  it('leaves what belongs to no field to a notification', () => {
    expect(registerProblem(refusal(500, 500, 'Asset creation failed'))).toBeNull();
    expect(registerProblem(refusal(401, 401, 'Token expired'))).toBeNull();
    expect(registerProblem(refusal(400, 400, "Invalid request: body 'address': address is required"))).toBeNull();
    expect(registerProblem(new ApiError(0, 0, 'The service could not be reached.', null))).toBeNull();
    expect(registerProblem(new Error('boom'))).toBeNull();
  });
});
