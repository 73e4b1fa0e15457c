import { ResultCode } from '@zhaokao/contracts';
import type { useAppProps } from 'antd/es/app/context';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, unwrap } from './api-client';
import { bindFeedback } from './feedback';
import { markSignedIn, markSignedOut, markSigningOutHere } from './signed-in';

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

const SESSION_ENDED = { code: ResultCode.TOKEN_EXPIRED, msg: '登录已过期', data: null };

/** Runs `unwrap` on a session-ending answer; the 确认注销 dialogs it opened (closed again, so the next may open). */
function dialogsOnSessionEnd() {
  const confirm = bindModal();
  expect(() => unwrap(SESSION_ENDED)).toThrow(ApiError);
  const dialogs = confirm.mock.calls.map((call) => call[0] as { title: string; afterClose: () => void });
  for (const dialog of dialogs) dialog.afterClose();
  return dialogs.map((dialog) => dialog.title);
}

describe('unwrap on a session-ending answer', () => {
  it('opens 确认注销 while the user is signed in', () => {
    markSignedIn(1);
    expect(dialogsOnSessionEnd()).toEqual(['确认注销']);
  });

  it('opens it too when another tab signed out (the shared marker says signed out, this tab did not sign out)', () => {
    markSignedIn(1);
    markSignedOut();
    expect(dialogsOnSessionEnd()).toEqual(['确认注销']);
  });

  it('stays quiet for an answer that arrives as this tab signs out', () => {
    markSignedIn(1);
    markSigningOutHere();
    markSignedOut();
    expect(dialogsOnSessionEnd()).toEqual([]);
  });

  it('opens it again after the next sign-in', () => {
    markSigningOutHere();
    markSignedIn(1);
    expect(dialogsOnSessionEnd()).toEqual(['确认注销']);
  });
});
