import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CANDIDATE_SITE_PATH, candidateLogin } from '@zhaokao/contracts';
import { ME_PATH, setSignedIn, useCandidate } from '../candidate-session';
import { SitePage } from '../parts';
import { SiteError, callSite } from '../site-api';
import { FormAlert, FormField, PhoneField, focusFirstInvalid } from './FormField';
import { fieldErrorsOf, safeNextPath } from './form-helpers';

/** The links between the account pages keep where the candidate is going afterwards. */
export const withNext = (path: string, next: string | null) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

/** 考生登录: mobile number and password. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const rawNext = searchParams.get('next');
  const next = safeNextPath(rawNext, ME_PATH);
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const session = useCandidate();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (session.data) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = candidateLogin.input.safeParse({ phone: String(form.get('phone') ?? ''), password: String(form.get('password') ?? '') });
    setRefusal(null);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setSignedIn(queryClient, await callSite(candidateLogin, parsed.data));
      navigate(next, { replace: true });
    } catch (error) {
      setRefusal(error instanceof SiteError ? error.message : '登录失败，请稍后再试');
      setBusy(false);
    }
  };

  return (
    <SitePage title="考生登录">
      <form ref={formRef} className="site-card account-form" noValidate onSubmit={onSubmit} aria-labelledby="login-title">
        <h1 id="login-title" className="site-title">
          考生登录
        </h1>
        {notice ? (
          <p className="site-notice" role="status">
            {notice}
          </p>
        ) : null}
        <PhoneField error={errors.phone} />
        <FormField label="密码" name="password" type="password" autoComplete="current-password" maxLength={64} error={errors.password} />
        <FormAlert message={refusal} />
        <button type="submit" className="site-button site-button-primary account-submit" disabled={busy}>
          {busy ? '正在登录…' : '登录'}
        </button>
        <p className="account-links">
          <Link to={withNext(`${CANDIDATE_SITE_PATH}/register`, rawNext)}>注册账号</Link>
          <Link to={withNext(`${CANDIDATE_SITE_PATH}/reset`, rawNext)}>忘记密码</Link>
        </p>
      </form>
    </SitePage>
  );
}
