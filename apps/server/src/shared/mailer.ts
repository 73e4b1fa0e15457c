import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { SmtpConfig } from './config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The embedded default: no mail server, so the message goes to the server log. */
export class LogMailer implements Mailer {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(mail: Mail) {
    this.log.info({ mail }, `邮件（未配置 SMTP，仅写入日志）发往 ${mail.to}：${mail.subject}`);
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(private readonly config: SmtpConfig) {
    this.transport = nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
    });
  }
  async send(mail: Mail) {
    await this.transport.sendMail({ from: this.config.from, ...mail });
  }
}
