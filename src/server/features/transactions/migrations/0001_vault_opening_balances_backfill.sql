-- Vault balances record what they held before any transfer moved them (trading's migration 0001
-- adds the column). A balance written before that has no record of it: it is taken to be what the
-- balance holds now, less what completed transfers moved (the rule of src/server/verify-database.ts
-- as it stands at this migration: once `balances_moved` is set, a transfer has moved its amount
-- out of a vault source and into a vault destination). Here, after the transactions table exists,
-- so that a new database (no balances yet) passes through it too.
UPDATE trading_vault_balances b SET opening = b.total - coalesce((
  SELECT sum(CASE WHEN t.destination->>'type' = 'VAULT_ACCOUNT' AND t.destination->>'id' = b.account_id THEN t.amount ELSE 0 END)
    - sum(CASE WHEN t.source->>'type' = 'VAULT_ACCOUNT' AND t.source->>'id' = b.account_id THEN t.amount ELSE 0 END)
  FROM transactions t
  WHERE t.balances_moved AND t.workspace_id = b.workspace_id AND t.asset_id = b.asset_id
), 0);
