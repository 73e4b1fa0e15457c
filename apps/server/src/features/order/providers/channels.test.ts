import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PaymentConfigError, readConfig, readPaymentProviders } from '../../../shared/config.js';
import { PaymentChannels } from './channels.js';

const dir = mkdtempSync(path.join(tmpdir(), 'zk-pay-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keyFile = (name: string, type: 'pkcs8' | 'spki') => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const file = path.join(dir, name);
  writeFileSync(file, type === 'pkcs8' ? privateKey.export({ type, format: 'pem' }) : publicKey.export({ type, format: 'pem' }));
  return file;
};

const wechatEnv = {
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY_FILE: keyFile('apiclient_key.pem', 'pkcs8'),
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025010100000000000001',
  WECHATPAY_PUBLIC_KEY_FILE: keyFile('pub_key.pem', 'spki'),
  WECHATPAY_APIV3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
};
const alipayEnv = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY_FILE: keyFile('app_private_key.pem', 'pkcs8'),
  ALIPAY_PUBLIC_KEY_FILE: keyFile('alipay_public_key.pem', 'spki'),
};
const BASE = { PAYMENT_NOTIFY_BASE_URL: 'https://zk.example.com/' };
const sandboxOptions = { secret: 'x', cashierBase: '/api/pay/sandbox/cashier', deliver: async () => ({ status: 204 }) };

describe('payment provider settings', () => {
  it('none set: both channels are the sandbox (the default)', () => {
    expect(readPaymentProviders({})).toEqual({});
    expect(readConfig({}).payment).not.toHaveProperty('wechat');
    const channels = PaymentChannels.fromConfig(sandboxOptions, readPaymentProviders({}), '/api/pay/notify');
    expect([channels.of(1).name, channels.of(2).name]).toEqual(['sandbox', 'sandbox']);
    channels.stop();
  });

  it('a complete group makes its channel real, the other stays on the sandbox; the sandbox stays reachable by name', () => {
    const payment = readPaymentProviders({ ...wechatEnv, ...BASE });
    expect(payment.notifyBaseUrl).toBe('https://zk.example.com');
    expect(payment.wechat).toMatchObject({ mchId: '1900000109', publicKeyId: 'PUB_KEY_ID_0119000001092025010100000000000001' });
    expect(payment.wechat!.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    const channels = PaymentChannels.fromConfig(sandboxOptions, payment, '/api/pay/notify');
    expect([channels.of(1).name, channels.of(2).name, channels.byName('sandbox')?.name]).toEqual(['wechat', 'sandbox', 'sandbox']);

    const both = PaymentChannels.fromConfig(sandboxOptions, readPaymentProviders({ ...wechatEnv, ...alipayEnv, ...BASE }), '/api/pay/notify');
    expect([both.of(1).name, both.of(2).name, both.byName('alipay')?.name]).toEqual(['wechat', 'alipay', 'alipay']);
  });

  it('a group set in part stops the start-up naming the missing variables', () => {
    const { WECHATPAY_APIV3_KEY: _key, WECHATPAY_PUBLIC_KEY_ID: _id, ...partial } = wechatEnv;
    expect(() => readPaymentProviders({ ...partial, ...BASE })).toThrow(
      new PaymentConfigError('微信支付配置不完整，缺少环境变量：WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_APIV3_KEY'),
    );
    expect(() => readConfig({ ALIPAY_APP_ID: '2021000000000001' })).toThrow('支付宝配置不完整，缺少环境变量：ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE');
  });

  it('a real provider needs PAYMENT_NOTIFY_BASE_URL, readable key files and a 32-byte APIv3 key', () => {
    expect(() => readPaymentProviders(alipayEnv)).toThrow(/缺少环境变量：PAYMENT_NOTIFY_BASE_URL/);
    expect(() => readPaymentProviders({ ...alipayEnv, PAYMENT_NOTIFY_BASE_URL: 'zk.example.com' })).toThrow(/PAYMENT_NOTIFY_BASE_URL 不是有效的网址/);
    expect(() => readPaymentProviders({ ...alipayEnv, ...BASE, ALIPAY_PUBLIC_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow(
      /无法读取 ALIPAY_PUBLIC_KEY_FILE 指定的文件/,
    );
    expect(() => readPaymentProviders({ ...wechatEnv, ...BASE, WECHATPAY_APIV3_KEY: 'short' })).toThrow(/WECHATPAY_APIV3_KEY 必须是 32 个字节/);
  });
});

describe('the sandbox in production', () => {
  const production = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://zk.example.com' };

  it('a production server refuses the sandbox, saying in Chinese what to set; PAYMENT_SANDBOX=allow lets it start', () => {
    expect(() => readConfig(production)).toThrow(PaymentConfigError);
    expect(() => readConfig(production)).toThrow(
      '生产环境（NODE_ENV=production）不能使用沙箱支付：微信支付、支付宝没有配置真实商户，沙箱收银台不收真钱，任何人都能免费“购买”套餐和功能项。' +
        '请设置微信支付（WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_SERIAL_NO, WECHATPAY_PRIVATE_KEY_FILE, WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_PUBLIC_KEY_FILE, WECHATPAY_APIV3_KEY），' +
        '以及支付宝（ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE），并设置 PAYMENT_NOTIFY_BASE_URL；确实只用于演示时，设置 PAYMENT_SANDBOX=allow 明确允许沙箱支付。',
    );
    // One real channel is not enough: the other would still give everything away.
    expect(() => readConfig({ ...production, ...wechatEnv, ...BASE })).toThrow(/不能使用沙箱支付：支付宝没有配置真实商户.*请设置支付宝（ALIPAY_APP_ID/);
    expect(readConfig({ ...production, PAYMENT_SANDBOX: 'allow' }).payment).not.toHaveProperty('wechat');
    expect(readConfig({ ...production, ...wechatEnv, ...alipayEnv, ...BASE }).payment.alipay).toMatchObject({ appId: '2021000000000001' });
    expect(() => readConfig({ ...production, PAYMENT_SANDBOX: 'yes' })).toThrow('PAYMENT_SANDBOX 只能不设置或设为 allow，现在是：yes');
    // Not in production (npm start, the tests, the browser tests): the sandbox is the default.
    expect(readConfig({}).payment).not.toHaveProperty('alipay');
  });

  it('the server itself stops at start-up with that message and exit code 1, before opening any database', async () => {
    const serverDir = fileURLToPath(new URL('../../../../', import.meta.url));
    const dataDir = path.join(dir, 'never-made');
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--conditions=zhaokao-source', '--import', 'tsx', 'src/main.ts'],
        { cwd: serverDir, env: { ...process.env, ...production, DATA_DIR: dataDir, DATABASE_URL: '', PAYMENT_SANDBOX: '' }, timeout: 60_000 },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, output: stderr }),
      );
    });
    expect(output).toContain('启动失败：生产环境（NODE_ENV=production）不能使用沙箱支付');
    expect(code).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
