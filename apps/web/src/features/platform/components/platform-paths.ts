/** The operator's area: its pages and where it signs in. */
export const PLATFORM_TITLE = '招考平台运营';
export const PLATFORM_LOGIN = '/platform/login';
export const PLATFORM_PAGES = [
  { path: '/platform/invoices', title: '发票开具' },
  { path: '/platform/feedback', title: '公司反馈' },
  { path: '/platform/catalogue', title: '价格与套餐' },
  { path: '/platform/auditLog', title: '操作日志' },
] as const;
export const PLATFORM_HOME = PLATFORM_PAGES[0].path;

/** Only paths of the operator's area are followed after sign-in. */
export const safePlatformRedirect = (value: string | null) =>
  value && value.startsWith('/platform/') && !value.startsWith(PLATFORM_LOGIN) ? value : PLATFORM_HOME;
