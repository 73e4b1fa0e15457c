import { describe, expect, it } from 'vitest';
import { areAllowedImageUrls, fileUrlKind } from './file-url.js';

describe('file and image links', () => {
  it('knows our own uploaded files', () => {
    expect(fileUrlKind('/api/files/12/202611/0b6f1c2e-8d6a-4c39-9a57-3e2f1b7c9d10.png')).toBe('own');
    expect(fileUrlKind('/api/files/a.pdf')).toBe('own');
  });

  it('takes https addresses as external', () => {
    expect(fileUrlKind('https://www.example.gov.cn/files/报名表.docx?v=2#p1')).toBe('external');
    expect(fileUrlKind('https://cdn.example.com:8443/a.png')).toBe('external');
    expect(fileUrlKind('https://example.com')).toBe('external');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'http://example.com/a.png',
    'HTTPS://example.com/a.png',
    'https:example.com/a.png',
    'https:/example.com/a.png',
    'https:///a.png',
    'https://user:pass@example.com/a.png',
    'https://example.com\\@evil.example/a.png',
    'https://example.com/a b.png',
    'https://example.com/a.png"),url("https://tracker.example/x',
    'https://example.com/\u202egnp.exe',
    '//evil.example/a.png',
    '\\\\evil.example\\a.png',
    '/\\evil.example/a.png',
    '/api/files/../secret',
    '/api/files/./a.png',
    '/api/files/',
    '/api/files//a.png',
    '/api/files/a.png?x=1',
    '/api/filesx/a.png',
    '/login',
    'a.png',
    '',
  ])('refuses %j', (url) => {
    expect(fileUrlKind(url)).toBeNull();
  });

  it('checks every url of an image field', () => {
    expect(areAllowedImageUrls('')).toBe(true);
    expect(areAllowedImageUrls('/api/files/a.png,https://example.com/b.png')).toBe(true);
    expect(areAllowedImageUrls('/api/files/a.png,javascript:alert(1)')).toBe(false);
    expect(areAllowedImageUrls('//evil.example/a.png')).toBe(false);
  });
});
