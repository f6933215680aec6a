import { z } from 'zod';
import { arr, emptySchema, idSchema, LIMITS, str, okSchema } from '../common.js';
import { CODE_PURPOSES, ROLE_KINDS } from '../enums.js';
import { defineCall } from '../define.js';

/** A mainland mobile number: 11 digits starting with 1. */
export const phoneSchema = z.string().regex(/^1\d{10}$/, 'phone');
export const emailSchema = z.string().max(254).email();
/** Phone or email: the server tells them apart by the `@`. */
export const accountSchema = z.union([phoneSchema, emailSchema]);
export const passwordSchema = str(LIMITS.password.max, LIMITS.password.min);
export const codeSchema = z.string().regex(/^\d{6}$/);
/**
 * The confirmation code (`/api/user/send_op_check_code`) every money- or role-changing request carries as `op_code`:
 * six digits, like every other code. The gate and the authorisation matrix recognise such calls by this field.
 */
export const opCodeSchema = codeSchema;

export const accessibilitySchema = z.object({
  has_crown: z.boolean(),
  show_tailor_shelf: z.boolean(),
  show_higher_collect: z.boolean(),
  can_visit_material: z.boolean(),
});

/** One entitlement period: how the current and past tiers were granted. */
export const authorityRecordSchema = z.object({
  role_kind: z.enum(ROLE_KINDS),
  source: z.enum(['trial', 'gift', 'trade', 'manual']),
  start_date: z.string(),
  end_date: z.string(),
});

export const authoritySchema = z.object({
  role_name: z.string(),
  role_kind: z.enum(ROLE_KINDS),
  /** YYYY-MM-DD (Asia/Shanghai) the current tier ends; null when it does not expire. */
  expire_date: z.string().nullable(),
  flash_coins: z.number().int(),
  is_freeze: z.boolean(),
  is_operator: z.boolean(),
  is_teacher: z.boolean(),
  records: z.array(authorityRecordSchema),
});

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  signature: z.string(),
  is_admin: z.boolean(),
  accessibility: accessibilitySchema,
  data: z.object({
    phone: z.string().nullable(),
    email: z.string().nullable(),
    today_aim: z.number().int(),
    created_at: z.string(),
    /** A mock exam shows the real test's English screen (ETS mode); on by default, the learner may switch it off. */
    exam_ets_mode: z.boolean(),
  }),
  authority: authoritySchema,
});
export type User = z.infer<typeof userSchema>;

/** What other users may see of someone. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  signature: z.string(),
  role_kind: z.enum(ROLE_KINDS),
  role_name: z.string(),
  is_teacher: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });

/** Codes anyone may ask for; `op_check` codes go only to the logged-in user's own contact (send_op_check_code). */
const publicCodePurposeSchema = z.enum(CODE_PURPOSES).exclude(['op_check']);

const sendCodeResponse = z.object({
  /** Seconds before another code may be sent to the same target. */
  resend_after: z.number().int(),
});

export const userCalls = {
  smsSendCode: defineCall({
    path: '/api/sms/send_code',
    auth: 'public',
    summary: 'Send a 6-digit verification code to a phone',
    duringMaintenance: 'sign_in',
    request: z.strictObject({ phone: phoneSchema, purpose: publicCodePurposeSchema }),
    response: sendCodeResponse,
  }),
  emailSendCode: defineCall({
    path: '/api/email/send_code',
    auth: 'public',
    summary: 'Send a 6-digit verification code to an email address',
    duringMaintenance: 'sign_in',
    request: z.strictObject({ email: emailSchema, purpose: publicCodePurposeSchema }),
    response: sendCodeResponse,
  }),
  register: defineCall({
    path: '/api/user/register',
    auth: 'public',
    summary: 'Create an account with a phone or email verified by code; logs in',
    request: z.strictObject({
      account: accountSchema,
      code: codeSchema,
      password: passwordSchema,
      name: str(LIMITS.name, 1).optional(),
    }),
    response: sessionSchema,
  }),
  login: defineCall({
    path: '/api/user/login',
    auth: 'public',
    summary: 'Log in with phone or email and password',
    duringMaintenance: 'sign_in',
    request: z.strictObject({ account: accountSchema, password: str(LIMITS.password.max, 1) }),
    response: sessionSchema,
  }),
  resumeLogin: defineCall({
    path: '/api/user/resume_login',
    auth: 'user',
    summary: 'Confirm a saved token at app start and refresh its idle expiry',
    request: emptySchema,
    response: sessionSchema,
  }),
  logout: defineCall({
    path: '/api/user/logout',
    auth: 'user',
    summary: 'End the current session',
    request: emptySchema,
    response: okSchema,
  }),
  resetPassword: defineCall({
    path: '/api/user/reset_password',
    auth: 'public',
    summary: 'Set a new password by verification code; ends every other session and logs in',
    duringMaintenance: 'sign_in',
    request: z.strictObject({ account: accountSchema, code: codeSchema, password: passwordSchema }),
    response: sessionSchema,
  }),
  get: defineCall({
    path: '/api/user/get',
    auth: 'user',
    summary: 'The logged-in user',
    request: emptySchema,
    response: userSchema,
  }),
  getInfo: defineCall({
    path: '/api/user/get_info',
    auth: 'user',
    summary: 'Public info of one user',
    request: z.strictObject({ user_id: idSchema }),
    response: userInfoSchema,
  }),
  getInfos: defineCall({
    path: '/api/user/get_infos',
    auth: 'user',
    summary: 'Public info of several users (unknown ids are left out)',
    request: z.strictObject({ user_ids: arr(idSchema, 100) }),
    response: z.object({ users: z.array(userInfoSchema) }),
  }),
  getProfile: defineCall({
    path: '/api/user/get_profile',
    auth: 'user',
    summary: 'The logged-in user with their own contact details and sessions',
    request: emptySchema,
    response: z.object({
      user: userSchema,
      sessions: z.array(
        z.object({ device_id: z.string(), created_at: z.string(), last_seen_at: z.string(), current: z.boolean() }),
      ),
    }),
  }),
  updateSignature: defineCall({
    path: '/api/user/update_signature',
    auth: 'user',
    summary: 'Change the signature line',
    request: z.strictObject({ signature: str(LIMITS.signature) }),
    response: userSchema,
  }),
  updateTodayAim: defineCall({
    path: '/api/user/update_today_aim',
    auth: 'user',
    summary: 'Set the number of questions aimed at each day',
    request: z.strictObject({ aim: z.number().int().min(LIMITS.todayAim.min).max(LIMITS.todayAim.max) }),
    response: userSchema,
  }),
  updateExamEtsMode: defineCall({
    path: '/api/user/update_exam_ets_mode',
    auth: 'user',
    summary: "Show mock exams in the real test's English screen (ETS mode) or in Chinese",
    request: z.strictObject({ ets_mode: z.boolean() }),
    response: userSchema,
  }),
  freeze: defineCall({
    path: '/api/user/freeze',
    auth: 'admin',
    summary: 'Freeze (ending all sessions at once) or unfreeze a user',
    request: z.strictObject({
      user_id: idSchema,
      freeze: z.boolean(),
      /** Why, for the audit log (the /freeze page asks for one when freezing). */
      reason: str(LIMITS.text).default(''),
      op_code: opCodeSchema,
    }),
    response: userInfoSchema.extend({ is_freeze: z.boolean() }),
  }),
  sendOpCheckCode: defineCall({
    path: '/api/user/send_op_check_code',
    auth: 'user',
    summary: "Send a code for a sensitive operation to the user's own phone or email",
    request: emptySchema,
    response: sendCodeResponse.extend({ target: z.string() }),
  }),
};
