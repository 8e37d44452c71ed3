import { describe, expect, it } from 'vitest';
import { parseTravelRuleSearch, toTravelRuleSearch } from './travel-rule-view';

describe('the Travel Rule view in the address', () => {
  it('reads what it writes', () => {
    const view = { tab: 'messages', trm: 'm-1', status: 'PENDING', direction: 'out' } as const;
    expect(toTravelRuleSearch(view).toString()).toBe('trm=m-1&status=PENDING&direction=out');
    expect(parseTravelRuleSearch(toTravelRuleSearch(view))).toEqual({ ...view, q: undefined, vasp: undefined });
    expect(toTravelRuleSearch({ tab: 'vasps', vasp: 'did:web:a.example' }).toString()).toBe('tab=vasps&vasp=did%3Aweb%3Aa.example');
  });

  it('drops a filter the list would not take, and an empty one', () => {
    expect(parseTravelRuleSearch(new URLSearchParams('tab=other&status=MAYBE&direction=sideways&q=&trm='))).toEqual({
      tab: 'messages',
      trm: undefined,
      status: undefined,
      direction: undefined,
      q: undefined,
      vasp: undefined,
    });
  });
});
