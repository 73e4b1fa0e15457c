import { FUNCTION_CODES, type FunctionCode, type Permission, buyTalentFunction, getCompanyUserInfo, holdsAny } from '@zhaokao/contracts';
import { useEndpointQuery } from './query';

export const useSessionUser = () => useEndpointQuery(getCompanyUserInfo, {}, { silent: true, staleTime: 5 * 60_000 });

/**
 * SPEC §6: a non-empty list for the function name and company id means the company holds it.
 * Undefined while the answer is on its way.
 */
export function useHasRight(functionCode: FunctionCode): boolean | undefined {
  const { data: user } = useSessionUser();
  const { data } = useEndpointQuery(
    buyTalentFunction,
    user ? { functionName: functionCode, companyId: user.company.id } : undefined,
    { staleTime: 5 * 60_000 },
  );
  return data === undefined ? undefined : data.length > 0;
}

export const useHasCustomCompanyInfo = () => useHasRight(FUNCTION_CODES.CUSTOM_COMPANY_INFO);
export const useHasCompanyQrCode = () => useHasRight(FUNCTION_CODES.COMPANY_QR_CODE);

/** True when the user holds one of `permissions`; throws on an empty list (SPEC §6). */
export function useHasPermission(permissions: readonly Permission[]): boolean {
  const { data: user } = useSessionUser();
  return holdsAny(user?.permissions ?? [], permissions);
}
