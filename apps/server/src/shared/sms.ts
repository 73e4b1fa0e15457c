import type { CandidateCodePurpose } from '@zhaokao/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from './config.js';

/** Sends a verification code by SMS (the candidate site's sign-up and password reset, DESIGN §11). */
export interface SmsSender {
  send(phone: string, code: string, purpose: CandidateCodePurpose): Promise<void>;
}

const PURPOSE_WORDS: Record<CandidateCodePurpose, string> = { register: '注册', reset: '找回密码' };

/** The embedded default: no SMS service, so the code goes to the server log (like `LogMailer`'s mail). */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(phone: string, code: string, purpose: CandidateCodePurpose) {
    this.log.info({ sms: { phone, purpose, code } }, `短信（未配置短信服务，仅写入日志）发往 ${phone}：${PURPOSE_WORDS[purpose]}验证码 ${code}`);
  }
}

/**
 * The sender the configuration names. Only the embedded default exists yet; the Alibaba Cloud and Tencent Cloud
 * adapters will be chosen here from `config.sms` once `readSms` reads their variables.
 */
export function smsSenderOf(config: SmsConfig, log: FastifyBaseLogger): SmsSender {
  switch (config.provider) {
    case 'log':
      return new LogSmsSender(log);
  }
}
