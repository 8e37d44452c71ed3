import { createRoute } from '@hono/zod-openapi';
import {
  Asset,
  AssetIdParam,
  AssetList,
  AssetListQuery,
  Blockchain,
  BlockchainList,
  BlockchainListQuery,
  RegisterAssetRequest,
  RegisteredAsset,
  SetPriceRequest,
  SetPriceResponse,
  SupportedAssets,
  UpdateAssetMetadataRequest,
} from '../catalogue';
import { IdempotencyHeaders, SECURITY } from './common';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Blockchains & assets'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const listAssets = createRoute({
  method: 'get',
  path: '/v1/assets',
  operationId: 'listAssets',
  tags,
  summary: 'List assets',
  description: 'The global catalogue and this workspace’s own (LOCAL) assets, cursor-paginated. Rate category: external_query.',
  security: SECURITY,
  request: { query: AssetListQuery, headers: IdempotencyHeaders },
  responses: { 200: json(AssetList, 'A page of assets'), ...errorResponses(...GUARDED) },
});

export const registerAsset = createRoute({
  method: 'post',
  path: '/v1/assets',
  operationId: 'registerAsset',
  tags,
  summary: 'Register an asset',
  description:
    'Adds a token to this workspace (scope LOCAL) by its address, checked against its chain family’s rules; name, symbol and decimals are read from the chain family’s resolver. Supported families: EVM, Stellar, Algorand, TRON, NEAR, Solana, Sui, TON. Errors: 400 1000, 1003, 1004, 1006, 1007, 1010; 403 1005, 1008, 1009; 404 1003; 409 1001, 1002. Rate category: high_compute.',
  security: SECURITY,
  request: { headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: RegisterAssetRequest } } } },
  responses: { 200: json(RegisteredAsset, 'The new asset'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const getAsset = createRoute({
  method: 'get',
  path: '/v1/assets/{id}',
  operationId: 'getAsset',
  tags,
  summary: 'Get an asset by id or legacy id',
  security: SECURITY,
  request: { params: AssetIdParam, headers: IdempotencyHeaders },
  responses: { 200: json(Asset, 'The asset'), ...errorResponses(...GUARDED, 404) },
});

export const updateAssetMetadata = createRoute({
  method: 'patch',
  path: '/v1/assets/{id}',
  operationId: 'updateAssetUserMetadata',
  tags,
  summary: 'Update user metadata of an asset (your own note)',
  description: 'Roles: Owner, Admin, Non-Signing Admin, NCW Admin, Signer, Editor. Rate category: write.',
  security: SECURITY,
  request: { params: AssetIdParam, headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: UpdateAssetMetadataRequest } } } },
  responses: { 200: json(Asset, 'The asset with your note'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const setAssetPrice = createRoute({
  method: 'post',
  path: '/v1/assets/prices/{id}',
  operationId: 'setAssetPrice',
  tags,
  summary: 'Set asset price',
  description: 'Errors: 403 1002 (this workspace may not set rates), 404 1001 (currency not found), 404 1504 (asset). Rate category: write.',
  security: SECURITY,
  request: { params: AssetIdParam, headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: SetPriceRequest } } } },
  responses: { 200: json(SetPriceResponse, 'The price as stored'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const listBlockchains = createRoute({
  method: 'get',
  path: '/v1/blockchains',
  operationId: 'listBlockchains',
  tags,
  summary: 'List blockchains',
  security: SECURITY,
  request: { query: BlockchainListQuery },
  responses: { 200: json(BlockchainList, 'A page of blockchains'), ...errorResponses(...GUARDED) },
});

export const getBlockchain = createRoute({
  method: 'get',
  path: '/v1/blockchains/{id}',
  operationId: 'getBlockchain',
  tags,
  summary: 'Get a blockchain by id or legacy id',
  security: SECURITY,
  request: { params: AssetIdParam },
  responses: { 200: json(Blockchain, 'The blockchain'), ...errorResponses(...GUARDED, 404) },
});

export const listSupportedAssets = createRoute({
  method: 'get',
  path: '/v1/supported_assets',
  operationId: 'getSupportedAssets',
  tags,
  summary: 'List assets (legacy)',
  description: 'Use GET /assets instead. Roles: Admin, Non-Signing Admin, Signer, Approver, Editor.',
  security: SECURITY,
  responses: { 200: json(SupportedAssets, 'Every asset this workspace can use'), ...errorResponses(...GUARDED) },
});
