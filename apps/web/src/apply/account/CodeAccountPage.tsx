import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  CANDIDATE_CODE_RESEND_SECONDS, CANDIDATE_CODE_SENT_MESSAGE, type CandidateCodePurpose, PASSWORD_MIN,
  registerCandidate, resetCandidatePassword, sendCandidateCode,
} from '@zhaokao/contracts';
import { LOGIN_PATH, ME_PATH, markSignedOut, setSignedIn, useCandidate } from '../candidate-session';
import { SitePage } from '../parts';
import { SiteError, callSite } from '../site-api';
import { FormAlert, FormField, PhoneField, focusFirstInvalid } from './FormField';
import { codeWaitSeconds, fieldErrorsOf, safeNextPath } from './form-helpers';
import { withNext } from './LoginPage';

const PASSWORD_HINT = `至少 ${PASSWORD_MIN} 位，需同时包含字母和数字`;
const MISMATCH = '两次输入的密码不一致';

/** 注册账号 (/apply/register). */
export function RegisterPage() {
  return <CodeAccountPage purpose="register" />;
}

/** 忘记密码 (/apply/reset). */
export function ResetPage() {
  return <CodeAccountPage purpose="reset" />;
}

/** Seconds left before another code may be asked for; `start(n)` begins a countdown of n seconds. */
function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);
  return {
    left: Math.max(0, Math.ceil((until - now) / 1000)),
    start: (seconds: number) => {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  };
}

/** Registering and choosing a new password: both prove the number with an SMS code. */
function CodeAccountPage({ purpose }: { purpose: CandidateCodePurpose }) {
  const registering = purpose === 'register';
  const title = registering ? '注册账号' : '找回密码';
  const [searchParams] = useSearchParams();
  const rawNext = searchParams.get('next');
  const next = safeNextPath(rawNext, ME_PATH);
  const session = useCandidate();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();

  if (registering && session.data) return <Navigate to={next} replace />;

  const sendCode = async () => {
    const parsed = sendCandidateCode.input.safeParse({ phone: phoneRef.current?.value ?? '', purpose });
    setRefusal(null);
    setSent(null);
    if (!parsed.success) {
      setErrors((old) => ({ ...old, ...fieldErrorsOf(parsed.error.issues) }));
      phoneRef.current?.focus();
      return;
    }
    setErrors((old) => {
      const rest = { ...old };
      delete rest.phone;
      return rest;
    });
    setSending(true);
    try {
      await callSite(sendCandidateCode, parsed.data);
      setSent(CANDIDATE_CODE_SENT_MESSAGE);
      countdown.start(CANDIDATE_CODE_RESEND_SECONDS);
    } catch (error) {
      const message = error instanceof SiteError ? error.message : '验证码发送失败，请稍后再试';
      const wait = codeWaitSeconds(message);
      if (wait) countdown.start(wait);
      setRefusal(message);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const password = text('password');
    const confirm = text('confirm');
    const fields = { phone: text('phone'), code: text('code') };
    const check = registering
      ? registerCandidate.input.safeParse({ ...fields, password })
      : resetCandidatePassword.input.safeParse({ ...fields, newPassword: password });
    const found: Record<string, string> = check.success ? {} : fieldErrorsOf(check.error.issues);
    const { newPassword, ...problems } = found;
    if (newPassword) problems.password = newPassword;
    if (!confirm) problems.confirm = '请再次输入密码';
    else if (confirm !== password) problems.confirm = MISMATCH;
    setRefusal(null);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      if (registering) {
        setSignedIn(queryClient, await callSite(registerCandidate, { ...fields, password }));
        navigate(next, { replace: true });
      } else {
        await callSite(resetCandidatePassword, { ...fields, newPassword: password });
        // Every session of the account ended with the reset, this browser's too.
        markSignedOut(queryClient);
        navigate(withNext(LOGIN_PATH, rawNext), { replace: true, state: { notice: '新密码已设置，请用新密码登录' } });
      }
    } catch (error) {
      setRefusal(error instanceof SiteError ? error.message : `${registering ? '注册' : '重置密码'}失败，请稍后再试`);
      setBusy(false);
    }
  };

  const codeButton = (
    <button type="button" className="site-button code-button" onClick={() => void sendCode()} disabled={sending || countdown.left > 0}>
      {countdown.left > 0 ? `重新获取（${countdown.left} 秒）` : sending ? '正在发送…' : '获取验证码'}
    </button>
  );

  return (
    <SitePage title={title}>
      <form ref={formRef} className="site-card account-form" noValidate onSubmit={onSubmit} aria-labelledby="account-title">
        <h1 id="account-title" className="site-title">
          {title}
        </h1>
        <PhoneField ref={phoneRef} error={errors.phone} />
        <FormField
          label="验证码"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code}
          after={codeButton}
        />
        {sent ? (
          <p className="form-hint" role="status">
            {sent}
          </p>
        ) : null}
        <FormField
          label={registering ? '密码' : '新密码'}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={64}
          hint={PASSWORD_HINT}
          error={errors.password}
        />
        <FormField label="确认密码" name="confirm" type="password" autoComplete="new-password" maxLength={64} error={errors.confirm} />
        <FormAlert message={refusal} />
        <button type="submit" className="site-button site-button-primary account-submit" disabled={busy}>
          {busy ? '正在提交…' : registering ? '注册' : '重置密码'}
        </button>
        <p className="account-links">
          <Link to={withNext(LOGIN_PATH, rawNext)}>{registering ? '已有账号，去登录' : '返回登录'}</Link>
        </p>
      </form>
    </SitePage>
  );
}
