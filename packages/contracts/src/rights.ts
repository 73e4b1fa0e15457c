/**
 * Function items a company can buy (DESIGN §4). A right is held while its validity lasts.
 * The codes are also the function names that `/open/meal/buyTalentFunction/{name}/{companyId}` takes.
 */
export const FUNCTION_CODES = {
  COMPANY_QR_CODE: 'company_qr_code',
  CUSTOM_COMPANY_INFO: 'custom_company_info',
  RESUME_QUOTA: 'resume_quota',
} as const;

export type FunctionCode = (typeof FUNCTION_CODES)[keyof typeof FUNCTION_CODES];

export const PRODUCT_TITLE = '招考管理系统';
