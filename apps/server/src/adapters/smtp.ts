import nodemailer from 'nodemailer';
import type { Mailer } from './messaging.js';

/** Real mail over SMTP (nodemailer); `url` is smtp(s)://user:pass@host:port. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(msg) {
      await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text });
    },
    async close() {
      transport.close();
    },
  };
}
