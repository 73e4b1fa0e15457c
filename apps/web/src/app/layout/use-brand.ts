import { PRODUCT_TITLE } from '@zhaokao/contracts';
import { useHasCustomCompanyInfo, useSessionUser } from '../../lib/session';

export const DEFAULT_LOGO = '/logo.svg';

export interface BrandLook {
  custom: boolean;
  title: string;
  logo: string;
}

export const PRODUCT_BRAND: BrandLook = { custom: false, title: PRODUCT_TITLE, logo: DEFAULT_LOGO };

/** SPEC §1: the company's logo and name only with the customised company info function. */
export function useBrand(): BrandLook {
  const { data: user } = useSessionUser();
  const custom = useHasCustomCompanyInfo();
  if (custom === true && user) return { custom: true, title: user.company.name, logo: user.company.logo };
  return PRODUCT_BRAND;
}
