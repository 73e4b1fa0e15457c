import { describe, expect, it } from 'vitest';
import { loginPathFor } from './login-path';

describe('loginPathFor', () => {
  it('keeps the wanted path readable', () => {
    expect(loginPathFor({ pathname: '/home', search: '' })).toBe('/login?redirect=/home');
  });

  it('escapes what would break the query', () => {
    const path = loginPathFor({ pathname: '/help/details', search: '?id=3&x=1' });
    expect(path).toBe('/login?redirect=/help/details%3Fid%3D3%26x%3D1');
    expect(new URLSearchParams(path.split('?')[1]).get('redirect')).toBe('/help/details?id=3&x=1');
  });
});
