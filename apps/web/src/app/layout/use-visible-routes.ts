import { FUNCTION_CODES, holdsAny } from '@zhaokao/contracts';
import { useHasCompanyQrCode, useSessionUser } from '../../lib/session';
import { PAGE_ROUTES, type PageRoute } from '../routes';

/** The routes this user may open: permissions held and purchased functions in force. */
/** Undefined for a route whose right is still being asked about. */
export function useAllowedRoutes(): (route: PageRoute) => boolean | undefined {
  const { data: user } = useSessionUser();
  const hasQrCode = useHasCompanyQrCode();
  const held = user?.permissions ?? [];
  return (route) => {
    if (route.permissions && !holdsAny(held, route.permissions)) return false;
    if (route.right === FUNCTION_CODES.COMPANY_QR_CODE) return hasQrCode;
    return true;
  };
}

/** The route as this user sees it: a page that only lets them look is named for looking (viewerTitle). */
export function useTitledRoute(): <R extends PageRoute | undefined>(route: R) => R {
  const { data: user } = useSessionUser();
  const editor = holdsAny(user?.permissions ?? [], ['plan:edit']);
  return (route) => (route?.viewerTitle && !editor ? { ...route, title: route.viewerTitle } : route);
}

export function useMenuRoutes() {
  const allowed = useAllowedRoutes();
  const titled = useTitledRoute();
  return PAGE_ROUTES.filter((r) => !r.hidden && allowed(r) === true).map(titled);
}
