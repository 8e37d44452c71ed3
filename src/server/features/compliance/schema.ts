import { bigint, boolean, index, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RequiredField, TrmAsset } from '../../../contract/travel-rule';

/**
 * The compliance area's own tables (its own migration set, see db/client.ts). Workspace ids are
 * plain uuids without foreign keys to the core tables, so the two schemas evolve independently.
 */

/** A workspace's connection to the Travel Rule network: the VASP it is known as. One per workspace. */
export const trIntegrations = pgTable(
  'tr_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    vaspId: text('vasp_id').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('tr_integrations_workspace_key').on(t.workspaceId)],
);

/** Travel Rule messages (TRMs), one per transfer that needs one. */
export const trMessages = pgTable(
  'tr_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => trIntegrations.id),
    externalId: text('external_id').notNull(),
    asset: jsonb('asset').$type<TrmAsset>().notNull(),
    /** Asset units, exactly as given (numeric keeps the scale). */
    amount: numeric('amount').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    originatorWalletAddress: text('originator_wallet_address').notNull(),
    beneficiaryWalletAddress: text('beneficiary_wallet_address').notNull(),
    txHash: text('tx_hash').notNull().default(''),
    ivmsVersion: text('ivms_version').notNull(),
    /** The IVMS101 payload as last exchanged, encrypted (the service never stores it in clear). */
    ivmsData: text('ivms_data').notNull(),
    filledFields: jsonb('filled_fields').$type<string[]>().notNull(),
    /** What the counterparty's policy requires of the beneficiary, fixed when the message is made. */
    requiredBeneficiaryFields: jsonb('required_beneficiary_fields').$type<RequiredField[]>().notNull(),
    version: text('version'),
    status: text('status').$type<'PENDING' | 'ACCEPTED' | 'REJECTED' | 'FAILED'>().notNull(),
    reason: text('reason'),
    fiatAmount: numeric('fiat_amount'),
    fiatCurrency: text('fiat_currency'),
    originatorVaspId: text('originator_vasp_id'),
    beneficiaryVaspId: text('beneficiary_vasp_id'),
    providerData: jsonb('provider_data').$type<Record<string, unknown>>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  // Lists read newest first: a backward scan of these ascending indexes gives (created_at, id) DESC.
  (t) => [
    index('tr_messages_list_idx').on(t.workspaceId, t.integrationId, t.createdAt, t.id),
    index('tr_messages_status_idx').on(t.workspaceId, t.integrationId, t.status, t.createdAt, t.id),
    uniqueIndex('tr_messages_external_key').on(t.integrationId, t.externalId),
  ],
);

/**
 * The screening configuration of a workspace. No row, or a row never updated (updated_at null, made
 * only to be locked), means the defaults: both false.
 */
export const screeningConfigurations = pgTable('screening_configurations', {
  workspaceId: uuid('workspace_id').primaryKey(),
  disableBypass: boolean('disable_bypass').notNull(),
  disableUnfreeze: boolean('disable_unfreeze').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }),
  updatedById: text('updated_by_id'),
  updatedByName: text('updated_by_name'),
});
