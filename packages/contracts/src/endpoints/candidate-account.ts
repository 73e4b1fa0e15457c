import { z } from 'zod';
import { emptyInput, getEndpoint, okOutput, postEndpoint } from '../api.js';
import { passwordSchema, phoneSchema } from '../validation.js';

/**
 * Candidate accounts of the candidate site (DESIGN §11): job seekers sign up with their mobile number, an SMS code
 * and a password. Their session is a kind of its own — the `Candidate-Token` cookie or the `X-Candidate-Token`
 * header, kept apart from staff and operator sessions: every back-office and platform call refuses it, and every
 * candidate call refuses theirs.
 *
 * Every candidate call lives under `/candidate/` (so `/api/candidate/…` on the wire). The pages of the candidate site
 * are `/apply/…` (CANDIDATE_SITE_PATH); its calls stay below `/api` like every other call, so the server's `/api`
 * routing (not-found answers, the rate limits, `defineRoute`), the dev server's proxy and a reverse proxy's rules
 * need nothing new, and one prefix names all that belongs to the candidate side. The calls are `auth: false` for the
 * staff session check; the server checks the candidate's own session on every one of them but the five before
 * sign-in (sending a code, registering, signing in and out, resetting the password).
 */
export const CANDIDATE_API_PREFIX = '/candidate/';
export const CANDIDATE_TOKEN_HEADER = 'x-candidate-token';
export const CANDIDATE_TOKEN_COOKIE = 'Candidate-Token';

/** An SMS code lives this long, is sent at most once a minute per number, and dies after this many wrong tries. */
export const CANDIDATE_CODE_VALID_MINUTES = 10;
export const CANDIDATE_CODE_RESEND_SECONDS = 60;
export const CANDIDATE_CODE_MAX_ATTEMPTS = 5;

/** What a code is for: signing up (`register`) or choosing a new password (`reset`). */
export const CANDIDATE_CODE_PURPOSES = ['register', 'reset'] as const;
export type CandidateCodePurpose = (typeof CANDIDATE_CODE_PURPOSES)[number];

/**
 * The one answer of sendCandidateCode, whether the number is registered or not: the call must not tell anyone
 * which numbers have accounts. A code to sign up goes only to a number without an account, a code to reset only to
 * a number with one.
 */
export const CANDIDATE_CODE_SENT_MESSAGE =
  `验证码已发送，${CANDIDATE_CODE_VALID_MINUTES} 分钟内有效（注册时只发给尚未注册的手机号，找回密码时只发给已注册的手机号）；` +
  `${CANDIDATE_CODE_RESEND_SECONDS} 秒内只发送一次`;

/** A second code for one number within CANDIDATE_CODE_RESEND_SECONDS: sent nothing. */
export const candidateCodeWaitMessage = (seconds: number) => `验证码已发送，请 ${seconds} 秒后再获取`;

/** The mobile number of a candidate account: the contracts' one phone pattern, with a message when it is missing. */
const candidatePhone = z.string({ error: '请输入手机号码' }).trim().min(1, '请输入手机号码').pipe(phoneSchema);
const smsCode = z.string({ error: '请输入验证码' }).trim().regex(/^\d{6}$/, '请输入 6 位数字验证码');

/** The signed-in candidate: the number shown masked (138****5678). */
export const candidateUser = z.object({ id: z.number().int(), phone: z.string() });
export type CandidateUser = z.infer<typeof candidateUser>;
const signedInCandidate = candidateUser.extend({ token: z.string() });

export const sendCandidateCode = postEndpoint('/candidate/sendCode', {
  auth: false,
  input: z.object({
    phone: candidatePhone,
    purpose: z.enum(CANDIDATE_CODE_PURPOSES, { error: '验证码用途不正确' }),
  }),
  output: okOutput,
});

/** Signs up with the number's code and signs the new candidate in. */
export const registerCandidate = postEndpoint('/candidate/register', {
  auth: false,
  input: z.object({ phone: candidatePhone, code: smsCode, password: passwordSchema }),
  output: signedInCandidate,
});

export const candidateLogin = postEndpoint('/candidate/login', {
  auth: false,
  input: z.object({
    phone: candidatePhone,
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码最长 64 位'),
  }),
  output: signedInCandidate,
});

/** Ends the caller's candidate session if it still lives, and clears the cookie whatever its state (like `logout`). */
export const candidateLogout = postEndpoint('/candidate/logout', { auth: false, input: emptyInput, output: okOutput });

export const resetCandidatePassword = postEndpoint('/candidate/resetPassword', {
  auth: false,
  input: z.object({ phone: candidatePhone, code: smsCode, newPassword: passwordSchema }),
  output: okOutput,
});

export const candidateInfo = getEndpoint('/candidate/me', { auth: false, input: emptyInput, output: candidateUser });
