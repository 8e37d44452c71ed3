import type { SdkBounds } from './sdk-models';

/**
 * Bounds of the SDK's models that its TypeScript cannot carry (the generator drops maxItems,
 * maxLength, minimum and maximum): each is the constraint of OpenAPI document 1.6.2, the one
 * `@fireblocks/ts-sdk` 18 is generated from, as the sibling generated SDK (fireblocks/py-sdk,
 * same document) enforces it, or as the TypeScript SDK's own description states it. Keyed
 * `Model.property`, checked by sdk-models.ts wherever that model's property appears.
 */
export const SDK_BOUNDS: SdkBounds = {
  // py-sdk EarnProvider: Field(min_length=0, max_length=10)
  'EarnProvider.supportedChainIds': { minItems: 0, maxItems: 10 },
  // py-sdk CreateOrderRequest: note max_length=512
  'CreateOrderRequest.note': { maxLength: 512 },
  // py-sdk CreateQuote: slippageBps ge=1, le=10000
  'CreateQuote.slippageBps': { minimum: 1, maximum: 10000 },
  // py-sdk CreateWebhookRequest: url and description min_length=1
  'CreateWebhookRequest.url': { minLength: 1 },
  'CreateWebhookRequest.description': { minLength: 1 },
  // ts-sdk TRLinkGeographicAddressRequest: "Address lines (max 3, each up to 70 characters)"
  'TRLinkGeographicAddressRequest.addressLine': { maxItems: 3 },
};
