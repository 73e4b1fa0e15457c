import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RateLimits } from '../plugins/rate-limit.js';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set; PGlite in `${dataDir}/db` otherwise. */
  databaseUrl?: string;
  databasePoolSize: number;
  dataDir: string;
  logLevel: string;
  sessionTtlHours: number;
  /** How long a checked session is kept in memory (0: read on every call). */
  sessionCacheSeconds: number;
  /**
   * Fastify's `trustProxy`: whether X-Forwarded-Proto/-Host/-For of a reverse proxy are believed (the session
   * cookie is Secure only for HTTPS, the origin check compares hosts). Off unless TRUST_PROXY is set.
   */
  trustProxy: boolean | string;
  smtp?: SmtpConfig;
  /** Requests per client address per minute, by group of public calls (and per person for the apply calls). */
  rateLimits: RateLimits;
  webDist?: string;
  /**
   * The site's public address (PUBLIC_BASE_URL, e.g. `https://zk.example.com`): the QR codes of posters and of the
   * company lead to the candidate site under it. Unset: the address the request came to.
   */
  publicBaseUrl?: string;
  /** Hosts (CONTENT_IMAGE_HOSTS, comma-separated) whose https images notices and news may show; their own uploads always. */
  contentImageHosts: string[];
  seedDemo: boolean;
  payment: PaymentConfig;
  /** Where the candidate site's SMS codes go: the log unless an SMS provider is configured. */
  sms: SmsConfig;
  /** 后台任务: jobs this process runs at a time, and how long a stopping server waits for running jobs before interrupting them. */
  jobs: { workers: number; drainSeconds: number };
  /** METRICS_TOKEN: the Bearer token that reads `/metrics`; unset, only the machine itself reads them. */
  metricsToken?: string;
  /** Where uploads are kept (STORAGE): `${dataDir}/uploads` unless an S3-compatible store is configured. */
  storage: StorageConfig;
}

export type StorageConfig = { driver: 'local' } | S3StorageConfig;

/** An S3-compatible store (AWS S3, MinIO, Qiniu Kodo, Aliyun OSS …) reached by the official `@aws-sdk/client-s3`. */
export interface S3StorageConfig {
  driver: 's3';
  /** S3_ENDPOINT, e.g. `https://s3.cn-east-1.qiniucs.com`; unset: AWS S3 of the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` (MinIO, s3rver) instead of `bucket.endpoint/key` (AWS, Kodo, OSS). */
  forcePathStyle: boolean;
}

/**
 * The SMS provider of the candidate site's codes, read by `readSms` as the payment providers are read: all variables of
 * a group set → that provider, none of either → the embedded default (`log`: the code is written to the server log,
 * like the e-mail codes without SMTP), a group set in part or both groups set → the server refuses to start.
 */
export type SmsConfig = { provider: 'log' } | AliyunSmsConfig | TencentSmsConfig;

/** Where an SMS provider's API is reached: the provider's public endpoint unless its *_SMS_ENDPOINT says otherwise. */
export interface SmsEndpoint {
  protocol: 'https' | 'http';
  /** Host name, with `:port` when one was given. */
  host: string;
}

/** Alibaba Cloud SMS (dysmsapi 2017-05-25 `SendSms`). */
export interface AliyunSmsConfig {
  provider: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  /** 短信签名 */
  signName: string;
  /** 模板 CODE (`SMS_…`): a verification-code template whose one variable is `${code}`. */
  templateCode: string;
  /** dysmsapi.aliyuncs.com over https unless ALIYUN_SMS_ENDPOINT is set (tests, a private endpoint). */
  endpoint: SmsEndpoint;
}

/** Tencent Cloud SMS (sms 2021-01-11 `SendSms`). */
export interface TencentSmsConfig {
  provider: 'tencent';
  secretId: string;
  secretKey: string;
  /** 短信应用 SdkAppId */
  sdkAppId: string;
  /** 短信签名内容 */
  signName: string;
  /** 模板 ID: a verification-code template whose one variable is `{1}`. */
  templateId: string;
  /** TENCENT_SMS_REGION, ap-guangzhou unless set. */
  region: string;
  /** sms.tencentcloudapi.com over https unless TENCENT_SMS_ENDPOINT is set (tests, a private endpoint). */
  endpoint: SmsEndpoint;
}

export interface PaymentConfig {
  /** Signs the sandbox gateway's notifications; several server processes must share it (PAYMENT_SANDBOX_SECRET). */
  sandboxSecret: string;
  /** Seconds between sweeps that close unpaid orders past their 30 minutes (0: no sweep). */
  orderSweepSeconds: number;
  /** The sandbox gateway's retry delays for an unanswered notification; the providers' own schedule unless set (tests). */
  sandboxRetryDelaysMs?: number[];
  /**
   * The public base URL the providers send their notifications to (PAYMENT_NOTIFY_BASE_URL, e.g. `https://zk.example.com`);
   * set whenever a real provider is.
   */
  notifyBaseUrl?: string;
  /** WeChat Pay for channel 1 when all its variables are set; the sandbox otherwise. */
  wechat?: WechatPayConfig;
  /** Alipay for channel 2 when all its variables are set; the sandbox otherwise. */
  alipay?: AlipayConfig;
}

export interface WechatPayConfig {
  /** 商户号 */
  mchId: string;
  /** The AppID bound to the merchant (公众号/小程序/移动应用). */
  appId: string;
  /** 商户 API 证书序列号: names the merchant key that signs our requests. */
  serialNo: string;
  /** 商户 API 私钥, PEM text, PKCS#8 as WeChat Pay issues it (read from WECHATPAY_PRIVATE_KEY_FILE). */
  privateKeyPem: string;
  /** 微信支付公钥 ID (`PUB_KEY_ID_…`): the serial WeChat Pay puts in `Wechatpay-Serial`. */
  publicKeyId: string;
  /** 微信支付公钥, PEM text (read from WECHATPAY_PUBLIC_KEY_FILE). */
  publicKeyPem: string;
  /** APIv3 密钥, 32 characters: the AES-256-GCM key of the notifications' resources. */
  apiV3Key: string;
  /** WeChat Pay's API base URL (WECHATPAY_BASE_URL; https://api.mch.weixin.qq.com unless set: tests, a forward proxy). */
  baseUrl?: string;
}

export interface AlipayConfig {
  appId: string;
  /** 应用私钥, PKCS#8 PEM or bare base64 (read from ALIPAY_PRIVATE_KEY_FILE): signs our requests (RSA2). */
  privateKeyPem: string;
  /** 支付宝公钥, PEM or bare base64 (read from ALIPAY_PUBLIC_KEY_FILE): verifies Alipay's responses and notifications. */
  alipayPublicKeyPem: string;
  /** Alipay's OpenAPI v3 endpoint (ALIPAY_ENDPOINT; https://openapi.alipay.com unless set: tests, the Alipay sandbox). */
  endpoint?: string;
}

const WECHATPAY_VARS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_ID',
  'WECHATPAY_PUBLIC_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
] as const;
const ALIPAY_VARS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

/** A payment setting that cannot start the server: the message says what to fix. */
export class PaymentConfigError extends Error {}

/** The value of PAYMENT_SANDBOX that lets a production server run a channel on the sandbox gateway. */
export const SANDBOX_ALLOWED = 'allow';

/** The channels (by name) left on the sandbox gateway by these provider settings: no real merchant for them. */
export const sandboxChannelsOf = (payment: Pick<PaymentConfig, 'wechat' | 'alipay'>) =>
  [!payment.wechat && '微信支付', !payment.alipay && '支付宝'].filter((name): name is string => Boolean(name));

/**
 * The sandbox gateway takes no money: on a channel without a real merchant anyone can "buy" packages for nothing.
 * A production server (NODE_ENV=production) therefore refuses to start with it unless PAYMENT_SANDBOX=allow says
 * that is meant (a demonstration site); the message lists what to set instead.
 */
export function checkSandboxAllowed(env: NodeJS.ProcessEnv, payment: Pick<PaymentConfig, 'wechat' | 'alipay'>) {
  const flag = env.PAYMENT_SANDBOX?.trim() ?? '';
  if (flag !== '' && flag !== SANDBOX_ALLOWED) throw new PaymentConfigError(`PAYMENT_SANDBOX 只能不设置或设为 ${SANDBOX_ALLOWED}，现在是：${flag}`);
  const sandboxed = sandboxChannelsOf(payment);
  if (env.NODE_ENV !== 'production' || sandboxed.length === 0 || flag === SANDBOX_ALLOWED) return;
  const missing = [
    ...(payment.wechat ? [] : [`微信支付（${WECHATPAY_VARS.join(', ')}）`]),
    ...(payment.alipay ? [] : [`支付宝（${ALIPAY_VARS.join(', ')}）`]),
  ];
  throw new PaymentConfigError(
    `生产环境（NODE_ENV=production）不能使用沙箱支付：${sandboxed.join('、')}没有配置真实商户，沙箱收银台不收真钱，任何人都能免费“购买”套餐和功能项。` +
      `请设置${missing.join('，以及')}，并设置 PAYMENT_NOTIFY_BASE_URL；确实只用于演示时，设置 PAYMENT_SANDBOX=${SANDBOX_ALLOWED} 明确允许沙箱支付。`,
  );
}

/**
 * The real providers from the environment: a provider is used when all of its variables are set, none set leaves
 * its channel on the sandbox, and a group set in part stops the start-up naming what is missing.
 */
export function readPaymentProviders(env: NodeJS.ProcessEnv): Pick<PaymentConfig, 'notifyBaseUrl' | 'wechat' | 'alipay'> {
  const group = <V extends string>(name: string, vars: readonly V[]): Record<V, string> | undefined => {
    const set = vars.filter((v) => env[v]?.trim());
    if (set.length === 0) return undefined;
    const missing = vars.filter((v) => !env[v]?.trim());
    if (missing.length > 0) throw new PaymentConfigError(`${name}配置不完整，缺少环境变量：${missing.join(', ')}`);
    return Object.fromEntries(vars.map((v) => [v, env[v]!.trim()])) as Record<V, string>;
  };
  const readKey = (variable: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new PaymentConfigError(`无法读取 ${variable} 指定的文件 ${file}：${(error as Error).message}`);
    }
  };
  const wechatVars = group('微信支付', WECHATPAY_VARS);
  const alipayVars = group('支付宝', ALIPAY_VARS);
  if (!wechatVars && !alipayVars) return {};

  const base = env.PAYMENT_NOTIFY_BASE_URL?.trim();
  if (!base) throw new PaymentConfigError('已配置真实支付渠道，缺少环境变量：PAYMENT_NOTIFY_BASE_URL（支付平台发送支付通知的公网地址）');
  let notifyBaseUrl: string;
  try {
    const url = new URL(base);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
    notifyBaseUrl = url.toString().replace(/\/+$/, '');
  } catch {
    throw new PaymentConfigError(`PAYMENT_NOTIFY_BASE_URL 不是有效的网址：${base}`);
  }

  let wechat: WechatPayConfig | undefined;
  if (wechatVars) {
    if (Buffer.byteLength(wechatVars.WECHATPAY_APIV3_KEY, 'utf8') !== 32) throw new PaymentConfigError('WECHATPAY_APIV3_KEY 必须是 32 个字节的 APIv3 密钥');
    wechat = {
      mchId: wechatVars.WECHATPAY_MCHID,
      appId: wechatVars.WECHATPAY_APPID,
      serialNo: wechatVars.WECHATPAY_SERIAL_NO,
      privateKeyPem: readKey('WECHATPAY_PRIVATE_KEY_FILE', wechatVars.WECHATPAY_PRIVATE_KEY_FILE),
      publicKeyId: wechatVars.WECHATPAY_PUBLIC_KEY_ID,
      publicKeyPem: readKey('WECHATPAY_PUBLIC_KEY_FILE', wechatVars.WECHATPAY_PUBLIC_KEY_FILE),
      apiV3Key: wechatVars.WECHATPAY_APIV3_KEY,
      ...(env.WECHATPAY_BASE_URL?.trim() && { baseUrl: env.WECHATPAY_BASE_URL.trim() }),
    };
  }
  const alipay: AlipayConfig | undefined = alipayVars && {
    appId: alipayVars.ALIPAY_APP_ID,
    privateKeyPem: readKey('ALIPAY_PRIVATE_KEY_FILE', alipayVars.ALIPAY_PRIVATE_KEY_FILE),
    alipayPublicKeyPem: readKey('ALIPAY_PUBLIC_KEY_FILE', alipayVars.ALIPAY_PUBLIC_KEY_FILE),
    ...(env.ALIPAY_ENDPOINT?.trim() && { endpoint: env.ALIPAY_ENDPOINT.trim() }),
  };
  return { notifyBaseUrl, ...(wechat && { wechat }), ...(alipay && { alipay }) };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 20),
    dataDir,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 24),
    sessionCacheSeconds: Number(env.SESSION_CACHE_SECONDS ?? 5),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT ?? 465),
          secure: (env.SMTP_SECURE ?? (env.SMTP_PORT === '465' || !env.SMTP_PORT ? 'true' : 'false')) === 'true',
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
          from: env.SMTP_FROM ?? env.SMTP_USER ?? 'no-reply@zhaokao.local',
        }
      : undefined,
    rateLimits: {
      signIn: Number(env.RATE_LIMIT_SIGN_IN ?? 20),
      apply: Number(env.RATE_LIMIT_APPLY ?? 300),
      public: Number(env.RATE_LIMIT_PUBLIC ?? 600),
      applyPerPerson: Number(env.RATE_LIMIT_APPLY_PERSON ?? 10),
    },
    webDist: env.WEB_DIST,
    publicBaseUrl: publicBaseUrlOf(env),
    contentImageHosts: (env.CONTENT_IMAGE_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    seedDemo: env.SEED_DEMO !== 'false',
    payment: readPayment(env),
    sms: readSms(env),
    jobs: { workers: Math.max(1, Number(env.JOB_WORKERS ?? 2)), drainSeconds: Number(env.JOB_DRAIN_SECONDS ?? 15) },
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    storage: readStorage(env),
  };
}

const S3_REQUIRED_VARS = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARS = ['S3_ENDPOINT', ...S3_REQUIRED_VARS, 'S3_FORCE_PATH_STYLE'] as const;

/** A storage setting that cannot start the server (caught by main.ts with the payment ones): the message says what to fix. */
export class StorageConfigError extends PaymentConfigError {}

/**
 * The file store from the environment: STORAGE unset or `local` keeps files under DATA_DIR/uploads; `s3` needs
 * S3_REGION, S3_BUCKET and the keys (S3_ENDPOINT unless it is AWS). S3_* set without STORAGE=s3 is refused too:
 * files must not land on the local disk of one server while the operator believes they go to the bucket.
 */
export function readStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = env.STORAGE?.trim() || 'local';
  const value = (name: string) => env[name]?.trim() || undefined;
  if (driver === 'local') {
    const set = S3_VARS.filter((name) => value(name));
    if (set.length > 0) {
      throw new StorageConfigError(`设置了对象存储的环境变量（${set.join(', ')}），但 STORAGE 不是 s3：要把上传文件存入对象存储请设置 STORAGE=s3，否则删除这些变量`);
    }
    return { driver: 'local' };
  }
  if (driver !== 's3') throw new StorageConfigError(`STORAGE 只能是 local 或 s3，现在是：${driver}`);
  const missing = S3_REQUIRED_VARS.filter((name) => !value(name));
  if (missing.length > 0) throw new StorageConfigError(`对象存储（STORAGE=s3）配置不完整，缺少环境变量：${missing.join(', ')}`);
  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+\/?$/i.test(endpoint)) {
    throw new StorageConfigError(`S3_ENDPOINT 不是有效的地址（http(s)://主机名[:端口]，不带存储桶和路径）：${endpoint}`);
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new StorageConfigError(`S3_FORCE_PATH_STYLE 只能是 true 或 false，现在是：${pathStyle}`);
  return {
    driver: 's3',
    ...(endpoint !== undefined && { endpoint: endpoint.replace(/\/+$/, '') }),
    region: value('S3_REGION')!,
    bucket: value('S3_BUCKET')!,
    accessKeyId: value('S3_ACCESS_KEY_ID')!,
    secretAccessKey: value('S3_SECRET_ACCESS_KEY')!,
    forcePathStyle: pathStyle === 'true',
  };
}

const ALIYUN_SMS_VARS = ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const;
const TENCENT_SMS_VARS = [
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
] as const;

/** An SMS setting that cannot start the server (caught by main.ts with the payment ones): the message says what to fix. */
export class SmsConfigError extends PaymentConfigError {}

/**
 * The SMS provider from the environment (see `SmsConfig`). Both groups complete is refused rather than one picked:
 * which account sends (and bills) the codes must not depend on a rule nobody remembers.
 */
export function readSms(env: NodeJS.ProcessEnv): SmsConfig {
  const group = <V extends string>(name: string, vars: readonly V[]): Record<V, string> | undefined => {
    const set = vars.filter((v) => env[v]?.trim());
    if (set.length === 0) return undefined;
    const missing = vars.filter((v) => !env[v]?.trim());
    if (missing.length > 0) throw new SmsConfigError(`${name}配置不完整，缺少环境变量：${missing.join(', ')}`);
    return Object.fromEntries(vars.map((v) => [v, env[v]!.trim()])) as Record<V, string>;
  };
  const aliyun = group('阿里云短信', ALIYUN_SMS_VARS);
  const tencent = group('腾讯云短信', TENCENT_SMS_VARS);
  if (aliyun && tencent) {
    throw new SmsConfigError(
      `阿里云短信与腾讯云短信只能配置一个：请删除其中一组环境变量（${ALIYUN_SMS_VARS.join(', ')}，或 ${TENCENT_SMS_VARS.join(', ')}）`,
    );
  }
  if (aliyun) {
    return {
      provider: 'aliyun',
      accessKeyId: aliyun.ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: aliyun.ALIYUN_SMS_ACCESS_KEY_SECRET,
      signName: aliyun.ALIYUN_SMS_SIGN_NAME,
      templateCode: aliyun.ALIYUN_SMS_TEMPLATE_CODE,
      endpoint: smsEndpointOf('ALIYUN_SMS_ENDPOINT', env.ALIYUN_SMS_ENDPOINT, 'dysmsapi.aliyuncs.com'),
    };
  }
  if (tencent) {
    const endpoint = smsEndpointOf('TENCENT_SMS_ENDPOINT', env.TENCENT_SMS_ENDPOINT, 'sms.tencentcloudapi.com');
    // The SDK signs with the service named by the host's first label (TC3 credential scope `date/sms/tc3_request`)
    // and with the host name alone, without a port.
    if (!/^sms\.[^:]+$/i.test(endpoint.host)) {
      throw new SmsConfigError(`TENCENT_SMS_ENDPOINT 的主机名必须以 sms. 开头且不带端口（腾讯云 SDK 据此签名），现在是：${endpoint.host}`);
    }
    return {
      provider: 'tencent',
      secretId: tencent.TENCENT_SMS_SECRET_ID,
      secretKey: tencent.TENCENT_SMS_SECRET_KEY,
      sdkAppId: tencent.TENCENT_SMS_SDK_APP_ID,
      signName: tencent.TENCENT_SMS_SIGN_NAME,
      templateId: tencent.TENCENT_SMS_TEMPLATE_ID,
      region: env.TENCENT_SMS_REGION?.trim() || 'ap-guangzhou',
      endpoint,
    };
  }
  return { provider: 'log' };
}

/** `host[:port]` or `http(s)://host[:port]` (https when no protocol is given); unset: the provider's public endpoint. */
function smsEndpointOf(variable: string, value: string | undefined, fallback: string): SmsEndpoint {
  const text = value?.trim();
  if (!text) return { protocol: 'https', host: fallback };
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.username || url.password) {
      throw new Error('not an endpoint');
    }
    return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
  } catch {
    throw new SmsConfigError(`${variable} 不是有效的地址（主机名，可带端口，或 http(s)://主机名[:端口]）：${text}`);
  }
}

function readPayment(env: NodeJS.ProcessEnv): PaymentConfig {
  const providers = readPaymentProviders(env);
  checkSandboxAllowed(env, providers);
  return {
    sandboxSecret: env.PAYMENT_SANDBOX_SECRET || randomBytes(32).toString('hex'),
    orderSweepSeconds: Number(env.ORDER_SWEEP_SECONDS ?? 60),
    ...providers,
  };
}

/**
 * PUBLIC_BASE_URL without a trailing slash. Required in production (NODE_ENV=production): without it the QR codes
 * would follow the request's Host header, which anyone can set.
 */
function publicBaseUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '') || undefined;
  if (value === undefined) {
    if (env.NODE_ENV === 'production') {
      throw new PaymentConfigError('生产环境（NODE_ENV=production）缺少环境变量：PUBLIC_BASE_URL（站点的公网地址，推广海报与公司二维码指向它）');
    }
    return undefined;
  }
  if (!/^https?:\/\/[^/\s]+/i.test(value)) throw new PaymentConfigError(`PUBLIC_BASE_URL 不是有效的网址：${value}`);
  return value;
}

/** `true` (any proxy) or the proxies' addresses (`127.0.0.1,10.0.0.0/8`); unset or `false`: none. */
function trustProxyOf(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
