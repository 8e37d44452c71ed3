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
export const listAssets = catalogue.get('listAssets', '/v1/assets', 'List assets', {
  description: 'The global catalogue and this workspace’s own (LOCAL) assets, cursor-paginated.',
  rateCategory: 'external_query',
  query: AssetListQuery,
  200: ['A page of assets', AssetList],
});

export const registerAsset = catalogue.post('registerAsset', '/v1/assets', 'Register an asset', {
  description:
    'Adds a token to this workspace (scope LOCAL) by its address, checked against its chain family’s rules; name, symbol and decimals are read from the chain family’s resolver. Supported families: EVM, Stellar, Algorand, TRON, NEAR, Solana, Sui, TON. Errors: 400 1000, 1003, 1004, 1006, 1007, 1010; 403 1005, 1008, 1009; 404 1003; 409 1001, 1002.',
  rateCategory: 'high_compute',
  body: RegisterAssetRequest,
  200: ['The new asset', RegisteredAsset],
  errors: [404],
});

export const getAsset = catalogue.get('getAsset', '/v1/assets/{id}', 'Get an asset by id or legacy id', {
  rateCategory: 'external_query',
  params: AssetIdParam,
  200: ['The asset', Asset],
});

export const updateAssetMetadata = catalogue.patch('updateAssetMetadata', '/v1/assets/{id}', 'Update user metadata of an asset (your own note)', {
  roles: ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'NCW_ADMIN', 'SIGNER', 'EDITOR'],
  params: AssetIdParam,
  body: UpdateAssetMetadataRequest,
  200: ['The asset with your note', Asset],
});

export const setAssetPrice = catalogue.post('setAssetPrice', '/v1/assets/prices/{id}', 'Set asset price', {
  description: 'Errors: 403 1002 (this workspace may not set rates), 404 1001 (currency not found), 404 1504 (asset).',
  params: AssetIdParam,
  body: SetPriceRequest,
  200: ['The price as stored', SetPriceResponse],
});

export const listBlockchains = catalogue.get('listBlockchains', '/v1/blockchains', 'List blockchains', {
  rateCategory: 'external_query',
  query: BlockchainListQuery,
  200: ['A page of blockchains', BlockchainList],
});

export const getBlockchain = catalogue.get('getBlockchain', '/v1/blockchains/{id}', 'Get a blockchain by id or legacy id', {
  rateCategory: 'external_query',
  params: AssetIdParam,
  200: ['The blockchain', Blockchain],
});

export const listSupportedAssets = catalogue.get('listSupportedAssets', '/v1/supported_assets', 'List assets (legacy)', {
  description: 'Use GET /assets instead.',
  roles: ['ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'APPROVER', 'EDITOR'],
  rateCategory: 'external_query',
  200: ['Every asset this workspace can use', SupportedAssets],
});
