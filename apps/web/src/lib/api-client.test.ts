import { ResultCode } from '@zhaokao/contracts';
import type { useAppProps } from 'antd/es/app/context';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, unwrap } from './api-client';
import { bindFeedback } from './feedback';
import { markSignedIn, markSignedOut } from './signed-in';

function bindModal() {
  const confirm = vi.fn();
  bindFeedback({ modal: { confirm }, message: { error: vi.fn(), success: vi.fn() } } as unknown as useAppProps);
  return confirm;
}

// No DOM here: the sign-in marker's storage is a plain map.
const stored = new Map<string, string>();
beforeAll(() => {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('unwrap on a session-ending answer', () => {
  it('opens 确认注销 while the user is signed in', () => {
    const confirm = bindModal();
    markSignedIn(1);
    expect(() => unwrap({ code: ResultCode.TOKEN_EXPIRED, msg: '登录已过期', data: null })).toThrow(ApiError);
    expect(confirm).toHaveBeenCalledTimes(1);
    const dialog = confirm.mock.calls[0]?.[0] as { title: string; afterClose: () => void };
    expect(dialog.title).toBe('确认注销');
    dialog.afterClose();
  });

  it('stays quiet for an answer that arrives after the user signed out', () => {
    const confirm = bindModal();
    markSignedOut();
    expect(() => unwrap({ code: ResultCode.TOKEN_EXPIRED, msg: '登录已过期', data: null })).toThrow(ApiError);
    expect(confirm).not.toHaveBeenCalled();
  });
});
