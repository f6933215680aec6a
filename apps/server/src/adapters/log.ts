import type { Mailer, OutgoingMessage, SentCodeLog, SmsSender } from './messaging.js';

function record(log: SentCodeLog, msg: OutgoingMessage) {
  if (msg.code)
    log.add({ target: msg.to, code: msg.code.value, purpose: msg.code.purpose, sent_at: new Date().toISOString() });
}

/** Default mail provider: writes the message to the server log instead of sending it. */
export function logMailer(sentCodes: SentCodeLog, write: (line: string) => void = console.log): Mailer {
  return {
    name: 'log',
    async send(msg) {
      record(sentCodes, msg);
      write(`[mail:log] to=${msg.to} subject=${JSON.stringify(msg.subject)} text=${JSON.stringify(msg.text)}`);
    },
  };
}

/** Default SMS provider: writes the text to the server log. */
export function logSms(sentCodes: SentCodeLog, write: (line: string) => void = console.log): SmsSender {
  return {
    name: 'log',
    async send(msg) {
      record(sentCodes, msg);
      write(`[sms:log] to=${msg.to} text=${JSON.stringify(msg.text)}`);
    },
  };
}
