import { describe, expect, it } from 'vitest';
import { returnPath, signInPathFrom } from './return-path';

describe('returnPath', () => {
  it.each([
    ['/admin/api-users?x=1', '/admin/api-users?x=1'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['admin', '/'],
  ])('takes %j back to %j', (from, expected) => {
    expect(returnPath(from)).toBe(expected);
  });
});

describe('signInPathFrom', () => {
  it('remembers a deep link but not the start page', () => {
    expect(signInPathFrom({ pathname: '/audit', search: '?page=2' })).toBe('/sign-in?from=%2Faudit%3Fpage%3D2');
    expect(signInPathFrom({ pathname: '/', search: '' })).toBe('/sign-in');
  });
});
