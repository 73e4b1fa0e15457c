import { logout } from '@zhaokao/contracts';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api-client';
import { clearSessionState, readPersisted } from '../../lib/persisted';
import { queryClient } from '../../lib/query-client';
import { useSessionUser } from '../../lib/session';
import { markSigningOutHere } from '../../lib/signed-in';

/** Signs out (SPEC §2 退出登录) and opens the company's own login page. */
export function useSignOut() {
  const navigate = useNavigate();
  const { data: user } = useSessionUser();
  return async function signOut() {
    const companyId = user?.company.id ?? readPersisted().companyId;
    markSigningOutHere();
    try {
      await call(logout, {}, { silent: true });
    } catch {
      // The session may already be gone; signing out here goes on regardless.
    }
    clearSessionState();
    queryClient.clear();
    navigate(companyId ? `/login?id=${companyId}` : '/login', { replace: true });
  };
}
