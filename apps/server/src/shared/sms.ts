import type { CandidateCodePurpose } from '@zhaokao/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from './config.js';
import type { SmsSender } from './sms/sender.js';

export { SmsSendError, type SmsSender } from './sms/sender.js';

const PURPOSE_WORDS: Record<CandidateCodePurpose, string> = { register: '注册', reset: '找回密码' };

/** The embedded default: no SMS service, so the code goes to the server log (like `LogMailer`'s mail). */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(phone: string, code: string, purpose: CandidateCodePurpose) {
    this.log.info({ sms: { phone, purpose, code } }, `短信（未配置短信服务，仅写入日志）发往 ${phone}：${PURPOSE_WORDS[purpose]}验证码 ${code}`);
  }
}

/**
 * The sender the configuration names. The provider's SDK is loaded at the first code it sends, so that a server
 * without SMS (and every test app) does not load it.
 */
export function smsSenderOf(config: SmsConfig, log: FastifyBaseLogger): SmsSender {
  switch (config.provider) {
    case 'log':
      return new LogSmsSender(log);
    case 'aliyun':
      return loadedOnce(async () => new (await import('./sms/aliyun.js')).AliyunSmsSender(config));
    case 'tencent':
      return loadedOnce(async () => new (await import('./sms/tencent.js')).TencentSmsSender(config));
  }
}

function loadedOnce(load: () => Promise<SmsSender>): SmsSender {
  let sender: Promise<SmsSender> | undefined;
  return {
    async send(phone, code, purpose) {
      sender ??= load().catch((error: unknown) => {
        sender = undefined;
        throw error;
      });
      return (await sender).send(phone, code, purpose);
    },
  };
}
