// @vitest-environment jsdom
// The draft is kept in the browser's sessionStorage.
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft, type StoredDraft } from './draft-storage';
import { EMPTY_DRAFT } from './order-draft';

const pat = { id: 'u1', workspaceId: 'w1' };
const sam = { id: 'u2', workspaceId: 'w1' };

const stored: StoredDraft = {
  draft: { ...EMPTY_DRAFT, providerId: 'ATLAS', execution: { ...EMPTY_DRAFT.execution, baseAmount: '0.5' } },
  step: 2,
  reached: 3,
  submission: { fingerprint: '{"a":1}', key: 'k1' },
};

afterEach(() => sessionStorage.clear());

describe('the order draft in session storage', () => {
  it('comes back as it was saved, Idempotency-Key included, for its owner only', () => {
    saveDraft(pat, stored);
    expect(loadDraft(pat)).toEqual(stored);
    expect(loadDraft(sam)).toBeNull();
    clearDraft(pat);
    expect(loadDraft(pat)).toBeNull();
  });

  it('fills what an older or edited entry lacks, and ignores what it should not have', () => {
    sessionStorage.setItem(
      `asset-ops.trading.order-draft.w1.u1`,
      JSON.stringify({ version: 1, draft: { providerId: 'HARBOR', execution: { side: 42, baseAmount: '2' }, unknown: true }, step: 'x' }),
    );
    const loaded = loadDraft(pat);
    expect(loaded?.draft.providerId).toBe('HARBOR');
    expect(loaded?.draft.execution).toEqual({ ...EMPTY_DRAFT.execution, baseAmount: '2' });
    expect(loaded?.draft.participants).toEqual(EMPTY_DRAFT.participants);
    expect(loaded?.draft).not.toHaveProperty('unknown');
    expect(loaded?.step).toBe(0);
    expect(loaded?.submission).toBeNull();
  });

  it('ignores an entry it cannot read', () => {
    sessionStorage.setItem(`asset-ops.trading.order-draft.w1.u1`, '{not json');
    expect(loadDraft(pat)).toBeNull();
    sessionStorage.setItem(`asset-ops.trading.order-draft.w1.u1`, JSON.stringify({ version: 0, draft: {} }));
    expect(loadDraft(pat)).toBeNull();
  });
});
