import type { Agent } from 'node:http';
import { createRequire } from 'node:module';
import type * as tencentcloudExports from 'tencentcloud-sdk-nodejs-sms';
import type { CandidateCodePurpose } from '@zhaokao/contracts';
import type { TencentSmsConfig } from '../config.js';
import { SmsSendError, type SmsSender } from './sender.js';

// A CommonJS module: required, so that Node and the test runner see the same exports.
const tencentcloud = createRequire(import.meta.url)('tencentcloud-sdk-nodejs-sms') as typeof tencentcloudExports;
const SmsClient = tencentcloud.sms.v20210111.Client;

/**
 * Tencent Cloud SMS through its official SDK: `SendSms` (2021-01-11) to `+86…` with the configured application, sign
 * and template, the code as the template's `{1}`. The SDK signs each request (TC3-HMAC-SHA256). A refusal of the whole
 * call (bad key, unknown template…) comes as the SDK's error; a refusal of the number comes in its `SendStatusSet`,
 * whose `Code` is `"Ok"` only when the message was accepted.
 */
export class TencentSmsSender implements SmsSender {
  private readonly client: InstanceType<typeof SmsClient>;

  /** `agent`: the HTTP(S) agent of the SDK's requests (tests: one that reaches a local server). */
  constructor(
    private readonly config: TencentSmsConfig,
    options: { agent?: Agent } = {},
  ) {
    this.client = new SmsClient({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: config.endpoint.host,
          protocol: `${config.endpoint.protocol}://`,
          reqTimeout: 10,
          ...(options.agent && { agent: options.agent }),
        },
      },
    });
  }

  async send(phone: string, code: string, _purpose: CandidateCodePurpose) {
    let answer: Awaited<ReturnType<InstanceType<typeof SmsClient>['SendSms']>>;
    try {
      answer = await this.client.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: this.config.sdkAppId,
        SignName: this.config.signName,
        TemplateId: this.config.templateId,
        TemplateParamSet: [code],
      });
    } catch (error) {
      const { code: errorCode, requestId } = error as { code?: string; requestId?: string };
      throw new SmsSendError('腾讯云', { code: errorCode, message: (error as Error).message, requestId }, { cause: error });
    }
    const status = answer.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') throw new SmsSendError('腾讯云', { code: status?.Code, message: status?.Message, requestId: answer.RequestId });
  }
}
