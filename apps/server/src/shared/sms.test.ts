import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PaymentConfigError, readConfig, readSms, SmsConfigError } from './config.js';
import { LogSmsSender, smsSenderOf } from './sms.js';

const aliyunEnv = {
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'exampleSecretNotReal',
  ALIYUN_SMS_SIGN_NAME: '招考',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
};
const tencentEnv = {
  TENCENT_SMS_SECRET_ID: 'AKIDexampleSecretId',
  TENCENT_SMS_SECRET_KEY: 'exampleSecretKeyNotReal',
  TENCENT_SMS_SDK_APP_ID: '1400787878',
  TENCENT_SMS_SIGN_NAME: '招考',
  TENCENT_SMS_TEMPLATE_ID: '449739',
};
const noLog = {} as FastifyBaseLogger;

describe('SMS provider settings', () => {
  it('none set: the codes go to the log (the embedded default)', () => {
    expect(readSms({})).toEqual({ provider: 'log' });
    expect(readConfig({}).sms).toEqual({ provider: 'log' });
    expect(smsSenderOf(readSms({}), noLog)).toBeInstanceOf(LogSmsSender);
  });

  it('a complete Alibaba Cloud group: Alibaba Cloud SMS at its public endpoint over https', () => {
    expect(readSms(aliyunEnv)).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI5tExampleKeyId',
      accessKeySecret: 'exampleSecretNotReal',
      signName: '招考',
      templateCode: 'SMS_123456789',
      endpoint: { protocol: 'https', host: 'dysmsapi.aliyuncs.com' },
    });
    expect(smsSenderOf(readSms(aliyunEnv), noLog)).not.toBeInstanceOf(LogSmsSender);
  });

  it('a complete Tencent Cloud group: Tencent Cloud SMS in ap-guangzhou unless a region is set', () => {
    expect(readSms({ ...tencentEnv, TENCENT_SMS_TEMPLATE_ID: ' 449739 ' })).toEqual({
      provider: 'tencent',
      secretId: 'AKIDexampleSecretId',
      secretKey: 'exampleSecretKeyNotReal',
      sdkAppId: '1400787878',
      signName: '招考',
      templateId: '449739',
      region: 'ap-guangzhou',
      endpoint: { protocol: 'https', host: 'sms.tencentcloudapi.com' },
    });
    expect(readSms({ ...tencentEnv, TENCENT_SMS_REGION: 'ap-beijing' })).toMatchObject({ region: 'ap-beijing' });
    expect(readConfig(tencentEnv).sms.provider).toBe('tencent');
  });

  it('the endpoints: a host (https), or http(s):// with a host and port; anything else stops the start-up', () => {
    expect(readSms({ ...aliyunEnv, ALIYUN_SMS_ENDPOINT: 'dysmsapi.ap-southeast-1.aliyuncs.com' })).toMatchObject({
      endpoint: { protocol: 'https', host: 'dysmsapi.ap-southeast-1.aliyuncs.com' },
    });
    expect(readSms({ ...aliyunEnv, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:8099/' })).toMatchObject({ endpoint: { protocol: 'http', host: '127.0.0.1:8099' } });
    expect(readSms({ ...tencentEnv, TENCENT_SMS_ENDPOINT: 'sms.internal.tencentcloudapi.com' })).toMatchObject({
      endpoint: { protocol: 'https', host: 'sms.internal.tencentcloudapi.com' },
    });
    for (const bad of ['ftp://dysmsapi.aliyuncs.com', 'https://dysmsapi.aliyuncs.com/path', 'https://user:pw@dysmsapi.aliyuncs.com', 'http://']) {
      expect(() => readSms({ ...aliyunEnv, ALIYUN_SMS_ENDPOINT: bad })).toThrow(new SmsConfigError(`ALIYUN_SMS_ENDPOINT 不是有效的地址（主机名，可带端口，或 http(s)://主机名[:端口]）：${bad}`));
    }
    // The Tencent SDK signs by the endpoint's host name: it must name the service and carry no port.
    expect(() => readSms({ ...tencentEnv, TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:8099' })).toThrow(
      'TENCENT_SMS_ENDPOINT 的主机名必须以 sms. 开头且不带端口（腾讯云 SDK 据此签名），现在是：127.0.0.1:8099',
    );
    expect(() => readSms({ ...tencentEnv, TENCENT_SMS_ENDPOINT: 'sms.tencentcloudapi.com:8443' })).toThrow(/必须以 sms\. 开头且不带端口/);
  });

  it('a group set in part stops the start-up naming the missing variables (caught by main.ts as a configuration error)', () => {
    const { ALIYUN_SMS_ACCESS_KEY_SECRET: _secret, ALIYUN_SMS_TEMPLATE_CODE: _template, ...aliyunPart } = aliyunEnv;
    expect(() => readSms(aliyunPart)).toThrow(new SmsConfigError('阿里云短信配置不完整，缺少环境变量：ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_TEMPLATE_CODE'));
    expect(() => readSms({ TENCENT_SMS_SECRET_ID: 'AKIDx', TENCENT_SMS_SIGN_NAME: ' ' })).toThrow(
      '腾讯云短信配置不完整，缺少环境变量：TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID',
    );
    // The optional variables alone do not make a group.
    expect(readSms({ ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:1', TENCENT_SMS_REGION: 'ap-beijing' })).toEqual({ provider: 'log' });
    const failure = (() => {
      try {
        readConfig({ TENCENT_SMS_SECRET_KEY: 'x' });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(PaymentConfigError);
    expect((failure as Error).message).toMatch(/^腾讯云短信配置不完整，缺少环境变量：TENCENT_SMS_SECRET_ID, /);
  });

  it('both groups complete stops the start-up: one of them must be removed', () => {
    expect(() => readSms({ ...aliyunEnv, ...tencentEnv })).toThrow(
      new SmsConfigError(
        '阿里云短信与腾讯云短信只能配置一个：请删除其中一组环境变量（ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE，' +
          '或 TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID）',
      ),
    );
  });

  it('the messages never quote a secret', () => {
    const messages = [
      () => readSms({ ...aliyunEnv, ...tencentEnv }),
      () => readSms({ ...aliyunEnv, ALIYUN_SMS_SIGN_NAME: '' }),
      () => readSms({ ...tencentEnv, TENCENT_SMS_ENDPOINT: 'x:1' }),
    ].map((make) => {
      try {
        make();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(messages.every(Boolean)).toBe(true);
    for (const message of messages) {
      expect(message).not.toContain(aliyunEnv.ALIYUN_SMS_ACCESS_KEY_SECRET);
      expect(message).not.toContain(tencentEnv.TENCENT_SMS_SECRET_KEY);
    }
  });
});
