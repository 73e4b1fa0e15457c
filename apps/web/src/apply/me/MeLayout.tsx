import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { candidateUnreadCount } from '@zhaokao/contracts';
import { LOGIN_PATH, ME_PATH, signOut, useCandidate } from '../candidate-session';
import { Loading } from '../parts';
import { useSiteQuery } from '../site-api';

const LINKS = [
  { to: ME_PATH, label: '我的报名', matches: (path: string) => path === ME_PATH || path.startsWith(`${ME_PATH}/applications`) },
  { to: `${ME_PATH}/resume`, label: '我的简历', matches: (path: string) => path.startsWith(`${ME_PATH}/resume`) },
  { to: `${ME_PATH}/messages`, label: '消息', matches: (path: string) => path.startsWith(`${ME_PATH}/messages`) },
] as const;

/**
 * The frame of the signed-in candidate's pages: the site's header with their links and 退出登录, and the page's
 * column. Pages inside render their content only (a `<title>` and an `<h1>`), not `SitePage`.
 */
export function MeLayout() {
  const { pathname } = useLocation();
  const phone = useCandidate().data?.phone;
  const unread = useSiteQuery(candidateUnreadCount, {}).data?.count ?? 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    setLeaving(true);
    await signOut(queryClient);
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <>
      <header className="site-header">
        <div className="site-column me-header">
          <Link className="site-brand" to={ME_PATH}>
            招考报名
          </Link>
          {phone ? <span className="me-phone">{phone}</span> : null}
          <nav className="me-nav" aria-label="考生中心">
            {LINKS.map((link) => (
              <Link key={link.to} to={link.to} className="me-nav-link" aria-current={link.matches(pathname) ? 'page' : undefined}>
                {link.label}
                {link.label === '消息' && unread > 0 ? (
                  <>
                    <span className="me-badge" aria-hidden="true">
                      {unread > 99 ? '99+' : unread}
                    </span>
                    <span className="site-sr-only">（{unread} 条未读）</span>
                  </>
                ) : null}
              </Link>
            ))}
            <button type="button" className="me-nav-link me-signout" onClick={() => void leave()} disabled={leaving}>
              退出登录
            </button>
          </nav>
        </div>
      </header>
      <main className="site-column site-main">
        <Suspense fallback={<Loading what="页面" />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
