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
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Blockchains & assets'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const listAssets = createRoute({
  method: 'get',
  path: '/v1/assets',
  tags,
  summary: 'List assets',
  ...operation('listAssets', 'The global catalogue and this workspace’s own (LOCAL) assets, cursor-paginated.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listAssets'), query: AssetListQuery },
  responses: { 200: json(AssetList, 'A page of assets'), ...errorResponses(...GUARDED) },
});

export const registerAsset = createRoute({
  method: 'post',
  path: '/v1/assets',
  tags,
  summary: 'Register an asset',
  ...operation(
    'registerAsset',
    'Adds a token to this workspace (scope LOCAL) by its address, checked against its chain family’s rules; name, symbol and decimals are read from the chain family’s resolver. Supported families: EVM, Stellar, Algorand, TRON, NEAR, Solana, Sui, TON. Errors: 400 1000, 1003, 1004, 1006, 1007, 1010; 403 1005, 1008, 1009; 404 1003; 409 1001, 1002.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('registerAsset'), body: { required: true, content: { 'application/json': { schema: RegisterAssetRequest } } } },
  responses: { 200: json(RegisteredAsset, 'The new asset'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const getAsset = createRoute({
  method: 'get',
  path: '/v1/assets/{id}',
  tags,
  summary: 'Get an asset by id or legacy id',
  ...operation('getAsset'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getAsset'), params: AssetIdParam },
  responses: { 200: json(Asset, 'The asset'), ...errorResponses(...GUARDED, 404) },
});

export const updateAssetMetadata = createRoute({
  method: 'patch',
  path: '/v1/assets/{id}',
  tags,
  summary: 'Update user metadata of an asset (your own note)',
  ...operation('updateAssetMetadata'),
  security: SECURITY,
  request: {
    ...idempotencyHeaders('updateAssetMetadata'),
    params: AssetIdParam,
    body: { required: true, content: { 'application/json': { schema: UpdateAssetMetadataRequest } } },
  },
  responses: { 200: json(Asset, 'The asset with your note'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const setAssetPrice = createRoute({
  method: 'post',
  path: '/v1/assets/prices/{id}',
  tags,
  summary: 'Set asset price',
  ...operation('setAssetPrice', 'Errors: 403 1002 (this workspace may not set rates), 404 1001 (currency not found), 404 1504 (asset).'),
  security: SECURITY,
  request: {
    ...idempotencyHeaders('setAssetPrice'),
    params: AssetIdParam,
    body: { required: true, content: { 'application/json': { schema: SetPriceRequest } } },
  },
  responses: { 200: json(SetPriceResponse, 'The price as stored'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const listBlockchains = createRoute({
  method: 'get',
  path: '/v1/blockchains',
  tags,
  summary: 'List blockchains',
  ...operation('listBlockchains'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listBlockchains'), query: BlockchainListQuery },
  responses: { 200: json(BlockchainList, 'A page of blockchains'), ...errorResponses(...GUARDED) },
});

export const getBlockchain = createRoute({
  method: 'get',
  path: '/v1/blockchains/{id}',
  tags,
  summary: 'Get a blockchain by id or legacy id',
  ...operation('getBlockchain'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getBlockchain'), params: AssetIdParam },
  responses: { 200: json(Blockchain, 'The blockchain'), ...errorResponses(...GUARDED, 404) },
});

export const listSupportedAssets = createRoute({
  method: 'get',
  path: '/v1/supported_assets',
  tags,
  summary: 'List assets (legacy)',
  ...operation('listSupportedAssets', 'Use GET /assets instead.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listSupportedAssets') },
  responses: { 200: json(SupportedAssets, 'Every asset this workspace can use'), ...errorResponses(...GUARDED) },
});
