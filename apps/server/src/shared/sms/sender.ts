import type { CandidateCodePurpose } from '@zhaokao/contracts';

/** Sends a verification code by SMS (the candidate site's sign-up and password reset, DESIGN §11). */
export interface SmsSender {
  send(phone: string, code: string, purpose: CandidateCodePurpose): Promise<void>;
}

/** The provider did not take the message (or could not be reached): the caller logs it and drops the code. */
export class SmsSendError extends Error {
  /** `provider`: its name in words; `answer`: the provider's own words (code, message, request id), whichever it gave. */
  constructor(provider: string, answer: { code?: string; message?: string; requestId?: string }, options?: ErrorOptions) {
    const said = [answer.code, answer.message].filter(Boolean).join(' ') || '没有应答';
    super(`${provider}短信发送失败：${said}${answer.requestId ? `（RequestId ${answer.requestId}）` : ''}`, options);
  }
}
