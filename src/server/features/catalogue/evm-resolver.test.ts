import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import solc from 'solc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../../test/harness';
import { evmChecksum } from '../../../contract/address-rules';

// Real contracts compiled here and deployed to a local EVM node (ganache, in this process).
const SOURCES = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract TestToken {
  string public name; string public symbol; uint8 public decimals; uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(string memory n, string memory s, uint8 d, uint256 supply) { name = n; symbol = s; decimals = d; totalSupply = supply; balanceOf[msg.sender] = supply; }
  function transfer(address to, uint256 value) external returns (bool) { balanceOf[msg.sender] -= value; balanceOf[to] += value; emit Transfer(msg.sender, to, value); return true; }
}
contract Nameless { uint8 public decimals = 18; }
contract Collectible { function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x80ac58cd || id == 0x01ffc9a7; } string public name = "Collectible"; string public symbol = "COL"; }`;

function compile() {
  const input = {
    language: 'Solidity',
    sources: { 'Tokens.sol': { content: SOURCES } },
    settings: { evmVersion: 'shanghai', outputSelection: { '*': { '*': ['evm.bytecode.object', 'abi'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
    errors?: { severity: string; message: string }[];
  };
  const errors = output.errors?.filter((e) => e.severity === 'error') ?? [];
  if (errors.length) throw new Error(errors.map((e) => e.message).join('\n'));
  return (name: string) => output.contracts['Tokens.sol']![name]!.evm.bytecode.object;
}

/** ABI-encodes the TestToken constructor arguments (two strings, a uint8, a uint256). */
function constructorArgs(name: string, symbol: string, decimals: number, supply: bigint) {
  const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
  const str = (s: string) => {
    const hex = Buffer.from(s, 'utf8').toString('hex');
    return word(hex.length / 2) + hex.padEnd(Math.ceil(hex.length / 64) * 64 || 64, '0');
  };
  const a = str(name);
  const b = str(symbol);
  return word(128) + word(128 + a.length / 2) + word(decimals) + word(supply) + a + b;
}

let node: ReturnType<typeof ganache.server>;
let rpcUrl: string;
let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let token: string;
const deployed: Record<string, string> = {};

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
}

async function deploy(bytecode: string): Promise<string> {
  const [from] = await rpc<string[]>('eth_accounts', []);
  const hash = await rpc<string>('eth_sendTransaction', [{ from, data: `0x${bytecode}`, gas: '0x4c4b40' }]);
  const receipt = await rpc<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
  return evmChecksum(receipt.contractAddress);
}

beforeAll(async () => {
  // ganache's option typings resolve to `undefined` under this TypeScript; the options are its documented ones.
  node = ganache.server({ logging: { quiet: true }, chain: { hardfork: 'shanghai' } } as never);
  await node.listen(0, '127.0.0.1');
  rpcUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  const bytecode = compile();
  deployed.token = await deploy(bytecode('TestToken') + constructorArgs('Fresh Test Dollar', 'FTD', 6, 1_000_000_000n));
  deployed.nameless = await deploy(bytecode('Nameless'));
  deployed.collectible = await deploy(bytecode('Collectible'));
  ctx = await createTestContext({ evmRpcUrls: { ETH_TEST5: rpcUrl, ETH_TEST6: 'http://127.0.0.1:9' } });
  app = buildApp(ctx);
  const ws = await addWorkspace(ctx, 'Chain Co', ['ADMIN']);
  token = await consoleToken(app, ws.people[0]!.email);
});
afterAll(async () => {
  await ctx?.database.close();
  await node?.close();
});

const register = async (blockchainId: string, address: string) => {
  const res = await app.request('/v1/assets', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ blockchainId, address }),
  });
  return { status: res.status, body: (await res.json()) as { code?: number; message?: string; legacyId?: string; onchain?: Record<string, unknown> } };
};

describe('token metadata from an EVM node (eth_call)', () => {
  it('reads name, symbol and decimals of a freshly deployed ERC-20 and lists it in this workspace', async () => {
    const res = await register('ETH_TEST5', deployed.token!);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.onchain).toMatchObject({ name: 'Fresh Test Dollar', symbol: 'FTD', decimals: 6, address: deployed.token, standard: 'ERC20' });
    const listed = await app.request(`/v1/assets/${res.body.legacyId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await listed.json()).toMatchObject({ metadata: { scope: 'LOCAL' }, onchain: { symbol: 'FTD' } });
  });
  it('answers 404 1003 where the node has no contract at the address', async () => {
    expect(await register('ETH_TEST5', evmChecksum(`0x${'5'.repeat(40)}`))).toMatchObject({ status: 404, body: { code: 1003 } });
  });
  it('answers 400 1010 when the contract has no name or symbol to read', async () => {
    const res = await register('ETH_TEST5', deployed.nameless!);
    expect(res).toMatchObject({ status: 400, body: { code: 1010 } });
    expect(res.body.message).toMatch(/name, symbol/);
  });
  it('answers 400 1007 for an ERC-721 contract', async () => {
    expect(await register('ETH_TEST5', deployed.collectible!)).toMatchObject({ status: 400, body: { code: 1007 } });
  });
  it('answers 404 1003, not a 5xx, when the configured node does not answer', async () => {
    expect(await register('ETH_TEST6', deployed.token!)).toMatchObject({ status: 404, body: { code: 1003 } });
  });
});
