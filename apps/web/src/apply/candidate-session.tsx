import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CANDIDATE_SITE_PATH, type CandidateUser, ResultCode, SESSION_END_CODES, candidateInfo, candidateLogout } from '@zhaokao/contracts';
import { LoadFailed, Loading, SitePage } from './parts';
import { SiteError, callSite, siteQueryClient } from './site-api';

/** The candidate's session on the candidate site (DESIGN §11): who is signed in, the sign-in gate, signing out. */

const SESSION_KEY = ['candidate-session'];

export const LOGIN_PATH = `${CANDIDATE_SITE_PATH}/login`;
export const ME_PATH = `${CANDIDATE_SITE_PATH}/me`;

/** A refusal that means "not signed in" (no session, ended, expired): the caller is to sign in again. */
export const isSignedOutError = (error: unknown) =>
  error instanceof SiteError && (SESSION_END_CODES.includes(error.code) || error.code === ResultCode.UNAUTHORIZED);

/** The signed-in candidate, or null when nobody is. */
export function useCandidate() {
  return useQuery<CandidateUser | null, SiteError>({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      try {
        return await callSite(candidateInfo, {});
      } catch (error) {
        if (isSignedOutError(error)) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Everything read with a session but the session itself: it is not the next candidate's to see. */
const forgetReadData = (queryClient: QueryClient) => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });

/** After signing in or registering: the session is known without asking the server again. */
export function setSignedIn(queryClient: QueryClient, user: CandidateUser) {
  forgetReadData(queryClient);
  const signedIn: CandidateUser | null = { id: user.id, phone: user.phone };
  queryClient.setQueryData(SESSION_KEY, signedIn);
}

/** A call answered "not signed in": the gate sends the candidate to the login page (unsaved edits stay in the browser). */
export function markSignedOut(queryClient: QueryClient) {
  queryClient.setQueryData<CandidateUser | null>(SESSION_KEY, null);
}

/** Ends the session on the server (whatever its state) and forgets everything read with it. */
export async function signOut(queryClient: QueryClient = siteQueryClient) {
  try {
    await callSite(candidateLogout, {});
  } catch {
    // The cookie is cleared by the server when it answers; a failed network leaves nothing to do here.
  }
  forgetReadData(queryClient);
  markSignedOut(queryClient);
}

/** The login page's address that comes back to `path` afterwards. */
export const loginPathFor = (path: string) => `${LOGIN_PATH}?next=${encodeURIComponent(path)}`;

/** Shows its children to a signed-in candidate; anyone else goes to the login page, which comes back here. */
export function RequireCandidate({ children }: { children: ReactNode }) {
  const session = useCandidate();
  const location = useLocation();
  const queryClient = useQueryClient();

  // A session that ends while a page is open (expired, reset elsewhere): any call saying so brings the login page.
  useEffect(() => {
    const onFailure = (error: unknown) => {
      if (isSignedOutError(error)) markSignedOut(queryClient);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && event.query.queryKey[0] !== SESSION_KEY[0]) onFailure(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onFailure(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  if (session.isPending) {
    return (
      <SitePage title="登录">
        <Loading what="登录状态" />
      </SitePage>
    );
  }
  if (session.isError) {
    return (
      <SitePage title="登录">
        <LoadFailed error={session.error} onRetry={() => void session.refetch()} />
      </SitePage>
    );
  }
  if (!session.data) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
