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
import { area } from './operation';

const tags = ['Blockchains & assets'];

const catalogue = area({ tags, roles: 'any' });

// Catalogue (spec): no role lists except where stated
export const listAssets = catalogue.read({
  id: 'listAssets',
  path: '/v1/assets',
  summary: 'List assets',
  description: 'The global catalogue and this workspace’s own (LOCAL) assets, cursor-paginated.',
  rateCategory: 'external_query',
  query: AssetListQuery,
  responses: { 200: { description: 'A page of assets', schema: AssetList } },
});

export const registerAsset = catalogue.write({
  id: 'registerAsset',
  method: 'post',
  path: '/v1/assets',
  summary: 'Register an asset',
  description:
    'Adds a token to this workspace (scope LOCAL) by its address, checked against its chain family’s rules; name, symbol and decimals are read from the chain family’s resolver. Supported families: EVM, Stellar, Algorand, TRON, NEAR, Solana, Sui, TON. Errors: 400 1000, 1003, 1004, 1006, 1007, 1010; 403 1005, 1008, 1009; 404 1003; 409 1001, 1002.',
  rateCategory: 'high_compute',
  body: RegisterAssetRequest,
  responses: { 200: { description: 'The new asset', schema: RegisteredAsset } },
  errors: [404],
});

export const getAsset = catalogue.read({
  id: 'getAsset',
  path: '/v1/assets/{id}',
  summary: 'Get an asset by id or legacy id',
  rateCategory: 'external_query',
  params: AssetIdParam,
  responses: { 200: { description: 'The asset', schema: Asset } },
  errors: [404],
});

export const updateAssetMetadata = catalogue.write({
  id: 'updateAssetMetadata',
  method: 'patch',
  path: '/v1/assets/{id}',
  summary: 'Update user metadata of an asset (your own note)',
  roles: ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'NCW_ADMIN', 'SIGNER', 'EDITOR'],
  params: AssetIdParam,
  body: UpdateAssetMetadataRequest,
  responses: { 200: { description: 'The asset with your note', schema: Asset } },
  errors: [404],
});

export const setAssetPrice = catalogue.write({
  id: 'setAssetPrice',
  method: 'post',
  path: '/v1/assets/prices/{id}',
  summary: 'Set asset price',
  description: 'Errors: 403 1002 (this workspace may not set rates), 404 1001 (currency not found), 404 1504 (asset).',
  params: AssetIdParam,
  body: SetPriceRequest,
  responses: { 200: { description: 'The price as stored', schema: SetPriceResponse } },
  errors: [404],
});

export const listBlockchains = catalogue.read({
  id: 'listBlockchains',
  path: '/v1/blockchains',
  summary: 'List blockchains',
  rateCategory: 'external_query',
  query: BlockchainListQuery,
  responses: { 200: { description: 'A page of blockchains', schema: BlockchainList } },
});

export const getBlockchain = catalogue.read({
  id: 'getBlockchain',
  path: '/v1/blockchains/{id}',
  summary: 'Get a blockchain by id or legacy id',
  rateCategory: 'external_query',
  params: AssetIdParam,
  responses: { 200: { description: 'The blockchain', schema: Blockchain } },
  errors: [404],
});

export const listSupportedAssets = catalogue.read({
  id: 'listSupportedAssets',
  path: '/v1/supported_assets',
  summary: 'List assets (legacy)',
  description: 'Use GET /assets instead.',
  roles: ['ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'APPROVER', 'EDITOR'],
  rateCategory: 'external_query',
  responses: { 200: { description: 'Every asset this workspace can use', schema: SupportedAssets } },
});
