import { codeSchema, emailSchema, LIMITS, passwordSchema, phoneSchema } from '@gre/contracts';
import type { Rule } from 'antd/es/form';
import { zh } from '../../i18n/zh-CN';

const r = zh.login.rules;

/** The server tells phone from email by the `@`; the form does the same to pick the send-code call. */
export function accountKind(value: string): 'phone' | 'email' | null {
  const v = value.trim();
  if (phoneSchema.safeParse(v).success) return 'phone';
  if (emailSchema.safeParse(v).success) return 'email';
  return null;
}

/** Form rules built from the contract schemas, so the form and the server agree on every bound. */
export const rules = {
  account: [
    { required: true, whitespace: true, message: r.accountRequired },
    {
      validator: async (_: unknown, v: string | undefined) =>
        !v || accountKind(v) ? undefined : Promise.reject(new Error(r.accountInvalid)),
    },
  ] satisfies Rule[],
  loginPassword: [
    { required: true, message: r.passwordRequired },
    { max: LIMITS.password.max, message: r.passwordLength(LIMITS.password.min, LIMITS.password.max) },
  ] satisfies Rule[],
  newPassword: [
    { required: true, message: r.passwordRequired },
    {
      validator: async (_: unknown, v: string | undefined) =>
        !v || passwordSchema.safeParse(v).success
          ? undefined
          : Promise.reject(new Error(r.passwordLength(LIMITS.password.min, LIMITS.password.max))),
    },
  ] satisfies Rule[],
  code: [
    { required: true, message: r.codeInvalid },
    {
      validator: async (_: unknown, v: string | undefined) =>
        !v || codeSchema.safeParse(v).success ? undefined : Promise.reject(new Error(r.codeInvalid)),
    },
  ] satisfies Rule[],
  name: [{ max: LIMITS.name, message: r.nameLength(LIMITS.name) }] satisfies Rule[],
};
