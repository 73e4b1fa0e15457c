import type { PaymentConfig } from '../../../shared/config.js';
import { AlipayProvider } from './alipay.js';
import type { PaymentProvider } from './provider.js';
import { SandboxProvider, type SandboxOptions } from './sandbox.js';
import { WechatPayProvider } from './wechat.js';

/** The providers behind the QR channels (1 WeChat Pay, 2 Alipay), by channel and by name. */
export class PaymentChannels {
  private readonly named = new Map<string, PaymentProvider>();

  constructor(
    readonly sandbox: SandboxProvider,
    private readonly channels: Record<1 | 2, PaymentProvider>,
  ) {
    for (const provider of [sandbox, channels[1], channels[2]]) this.named.set(provider.name, provider);
  }

  static sandboxOnly(options: SandboxOptions) {
    const sandbox = new SandboxProvider(options);
    return new PaymentChannels(sandbox, { 1: sandbox, 2: sandbox });
  }

  /**
   * The channels as configured: WeChat Pay (channel 1) and Alipay (channel 2) when their settings are there, the
   * sandbox for a channel without; the sandbox is always there by its name. `notifyPath` is the notification route,
   * below `payment.notifyBaseUrl`, to which `/{provider}` is added.
   */
  static fromConfig(options: SandboxOptions, payment: Pick<PaymentConfig, 'notifyBaseUrl' | 'wechat' | 'alipay'>, notifyPath: string) {
    const sandbox = new SandboxProvider(options);
    const notifyUrl = (name: string) => {
      if (!payment.notifyBaseUrl) throw new Error('PAYMENT_NOTIFY_BASE_URL is required with a real payment provider');
      return `${payment.notifyBaseUrl.replace(/\/+$/, '')}${notifyPath}/${name}`;
    };
    const wechat = payment.wechat && new WechatPayProvider({ ...payment.wechat, notifyUrl: notifyUrl('wechat') });
    const alipay = payment.alipay && new AlipayProvider({ ...payment.alipay, notifyUrl: notifyUrl('alipay') });
    return new PaymentChannels(sandbox, { 1: wechat ?? sandbox, 2: alipay ?? sandbox });
  }

  of(channel: 1 | 2): PaymentProvider {
    return this.channels[channel];
  }

  byName(name: string): PaymentProvider | undefined {
    return this.named.get(name);
  }

  stop() {
    this.sandbox.stop();
  }
}
