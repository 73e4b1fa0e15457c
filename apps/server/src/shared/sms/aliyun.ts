import { createRequire } from 'node:module';
import type dysmsapiExports from '@alicloud/dysmsapi20170525';
import type openapiExports from '@alicloud/openapi-core';
import type { CandidateCodePurpose } from '@zhaokao/contracts';
import type { AliyunSmsConfig } from '../config.js';
import { SmsSendError, type SmsSender } from './sender.js';

// CommonJS modules with an `exports.default`: required, so that Node and the test runner see the same exports.
const require = createRequire(import.meta.url);
const dysmsapi = require('@alicloud/dysmsapi20170525') as typeof dysmsapiExports;
const openapi = require('@alicloud/openapi-core') as typeof openapiExports;

/**
 * Alibaba Cloud SMS through its official SDK: `SendSms` (2017-05-25) with the configured sign and template, the code
 * as the template's `${code}`. The SDK signs each request (ACS3-HMAC-SHA256 of the canonical request). Aliyun answers
 * HTTP 200 also when it refuses to send (a wrong template, the number's daily limit…): only `Code: "OK"` is a success.
 */
export class AliyunSmsSender implements SmsSender {
  private readonly client: InstanceType<typeof dysmsapi.default>;

  constructor(private readonly config: AliyunSmsConfig) {
    this.client = new dysmsapi.default(
      new openapi.$OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: config.endpoint.host,
        protocol: config.endpoint.protocol,
        connectTimeout: 5_000,
        readTimeout: 10_000,
      }),
    );
  }

  async send(phone: string, code: string, _purpose: CandidateCodePurpose) {
    const request = new dysmsapi.SendSmsRequest({
      phoneNumbers: phone,
      signName: this.config.signName,
      templateCode: this.config.templateCode,
      templateParam: JSON.stringify({ code }),
    });
    let body: InstanceType<typeof dysmsapi.SendSmsResponseBody> | undefined;
    try {
      body = (await this.client.sendSms(request)).body;
    } catch (error) {
      // The SDK's errors (HTTP 4xx/5xx, network) say the request id in their message, and a network error the whole
      // URL, whose query holds the number and the code: the query is cut, and the SDK's error is not kept as the cause.
      const { code: errorCode, message } = error as { code?: unknown; message?: unknown };
      const said = String(message ?? '').replace(/\?\S*/g, '');
      throw new SmsSendError('阿里云', { code: typeof errorCode === 'string' && !said.includes(errorCode) ? errorCode : undefined, message: said });
    }
    if (body?.code !== 'OK') throw new SmsSendError('阿里云', { code: body?.code, message: body?.message, requestId: body?.requestId });
  }
}
