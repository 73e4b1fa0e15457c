/**
 * Addresses of the candidate site (DESIGN §11, served under `/apply`): the server (posters, the company QR code)
 * and the web build them with these, so a printed QR code and a copied link lead to the same page.
 */
export const CANDIDATE_SITE_PATH = '/apply';

/** The company's page on the candidate site: its published plans and posts (the company QR code leads here). */
export const candidateCompanyPath = (companyId: number) => `${CANDIDATE_SITE_PATH}/companies/${companyId}`;

/** A plan's page on the candidate site: its posts, dates and the sign-up (a recruitment poster leads here). */
export const candidatePlanPath = (companyId: number, planId: number) => `${candidateCompanyPath(companyId)}/plans/${planId}`;

/** Applying to a post of a plan (the signed-in candidate). */
export const candidateApplyPath = (companyId: number, planId: number, postId: number) => `${candidatePlanPath(companyId, planId)}/posts/${postId}/apply`;

/**
 * PUBLIC_BASE_URL is unset and the request came to an address other than this machine's own: a QR code (poster,
 * company QR code, ticket check) must not follow a Host header that anyone can set.
 */
export const PUBLIC_BASE_URL_MISSING_MESSAGE = '站点的公网地址未配置（PUBLIC_BASE_URL），无法生成二维码链接，请联系系统管理员';

/** An absolute address of the candidate site: `base` is the public origin (`https://zk.example.com`), `path` one of the above. */
export const candidateUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;
