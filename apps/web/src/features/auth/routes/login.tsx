import { PRODUCT_TITLE, companyLogin } from '@zhaokao/contracts';
import { type FormEvent, type InputHTMLAttributes, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { noticeOf } from '../../../app/login-path';
import { problemsOf } from '../../../lib/form-rules';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn, markSignedIn } from '../../../lib/signed-in';
import { useLoginPage } from '../api/auth-api';
import { useLogin } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';

/** Only same-site paths are followed after login. */
function safeRedirect(value: string | null) {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

interface Problems {
  loginAccount?: string;
  password?: string;
}

type PlainFieldProps = { label: string; problem?: string; onChange(value: string): void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange'
>;

/** A text box of the plain form, named by its label, with the problem found in it shown beneath. */
function PlainField({ label, problem, onChange, ...input }: PlainFieldProps) {
  return (
    <div className={`plain-field ${problem ? 'plain-field-error' : ''}`}>
      <input {...input} aria-label={label} placeholder={label} aria-invalid={!!problem} onChange={(e) => onChange(e.target.value)} />
      {problem && <div role="alert">{problem}</div>}
    </div>
  );
}

/**
 * Plain form markup: the login page is the first thing everyone loads, so it does without antd
 * (DESIGN's budget: at most 200 KB of gzip JavaScript); the server's messages still show as a toast.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const idParam = Number(params.get('id'));
  const companyId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const { data: setting } = useLoginPage(companyId);
  const login = useLogin();
  const [loginAccount, setLoginAccount] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  // Why the last session ended (see loginNotice), shown until the user signs in again.
  const [notice, setNotice] = useState(() => noticeOf(location.state));

  useEffect(() => {
    document.title = `登录 - ${setting?.title || PRODUCT_TITLE}`;
  }, [setting]);

  if (isSignedIn() && !login.isSuccess) return <Navigate to="/" replace />;

  /** Typing in a field clears the problem shown for it. */
  const edit = (field: keyof Problems, set: (value: string) => void) => (value: string) => {
    set(value);
    if (problems[field]) setProblems({ ...problems, [field]: undefined });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = problemsOf(companyLogin, { loginAccount, password });
    setProblems(found);
    if (found.loginAccount || found.password) return;
    setNotice(undefined);
    const user = await login.mutateAsync({ loginAccount: loginAccount.trim(), password }).catch(() => null);
    if (!user) return;
    queryClient.clear();
    // The server has set the session cookie; the page keeps only the marker.
    markSignedIn(user.company.id);
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  }

  return (
    <AuthCard
      title={setting?.title}
      subtitle={setting?.subtitle || (setting ? setting.companyName : '招录与考试报名管理后台')}
      logo={setting?.logo}
      background={setting?.background}
    >
      <form className="plain-form" onSubmit={submit} noValidate>
        {notice && (
          <div className="plain-notice" role="alert">
            {notice}
          </div>
        )}
        <PlainField label="账号" autoComplete="username" maxLength={50} value={loginAccount} problem={problems.loginAccount} onChange={edit('loginAccount', setLoginAccount)} />
        <PlainField type="password" label="密码" autoComplete="current-password" maxLength={64} value={password} problem={problems.password} onChange={edit('password', setPassword)} />
        <button type="submit" className="plain-button plain-button-primary plain-button-block" disabled={login.isPending}>
          {login.isPending ? '登录中…' : '登录'}
        </button>
        <div className="login-links">
          <Link to="/forgetPassword/forgetPassword">忘记密码？</Link>
        </div>
      </form>
    </AuthCard>
  );
}
