import { CODE_RULES, type CodePurpose } from '@gre/contracts';

// Server-side copy: these texts go out by mail and SMS, not through the web UI.

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  register: '注册账号',
  reset_password: '重置密码',
  op_check: '确认敏感操作',
};

const MINUTES = Math.round(CODE_RULES.validSeconds / 60);

/** The verification-code mail: subject and plain-text body. */
export function codeMail(code: string, purpose: CodePurpose): { subject: string; text: string } {
  return {
    subject: `GRE 备考验证码：${code}`,
    text: [
      '您好！',
      '',
      `您正在${PURPOSE_TEXT[purpose]}，验证码为：${code}`,
      `验证码 ${MINUTES} 分钟内有效，请勿告诉他人。`,
      '如果这不是您本人的操作，请忽略本邮件，您的账号不会有任何变化。',
      '',
      'GRE 备考',
    ].join('\n'),
  };
}

/** The verification-code SMS: one short line with the signature SMS gateways require. */
export function codeSms(code: string, purpose: CodePurpose): { subject: string; text: string } {
  return {
    subject: '验证码',
    text: `【GRE备考】验证码 ${code}，用于${PURPOSE_TEXT[purpose]}，${MINUTES} 分钟内有效。如非本人操作请忽略。`,
  };
}
