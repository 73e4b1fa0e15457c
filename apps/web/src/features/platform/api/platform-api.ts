import {
  type ApiResult, type Endpoint, type InputOf, type OutputOf, SESSION_END_CODES, operatorInfo, operatorLogin,
  platformAuditCompanyOptions, platformAuditLogList, operatorLogout, platformCatalogue, platformFeedbackList,
  platformReplyFeedback, platformInvoiceList, platformIssueInvoice, platformSaveFunctionPrices,
  platformSaveMeal, platformUploadInvoicePdf,
} from '@zhaokao/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, NetworkError, REQUEST_TIMEOUT_MS, requestOf } from '../../../lib/api-client';
import { feedback } from '../../../lib/feedback';
import { queryClient } from '../../../lib/query-client';

/**
 * The operator's calls. The operator's session is not a company's: its end must never open the staff 确认注销 dialog
 * that lib/api-client.ts shows, so these calls read the answers themselves and, when the operator is not signed in
 * (any of SESSION_END_CODES), tell the platform layout, which goes to /platform/login.
 */
export class OperatorSignedOut extends ApiError {}

let onSignedOut: (() => void) | undefined;
/** The layout's way to the sign-in page; answers a function that stops listening. */
export function whenSignedOut(go: () => void) {
  onSignedOut = go;
  return () => {
    if (onSignedOut === go) onSignedOut = undefined;
  };
}

async function operatorRequest<T>(url: string, init: RequestInit, silent: boolean): Promise<T> {
  let result: ApiResult<T>;
  try {
    // The HttpOnly Platform-Token cookie (path /api/platform) travels by itself.
    const response = await fetch(url, { ...init, credentials: 'include', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    result = (await response.json()) as ApiResult<T>;
  } catch (error) {
    throw new NetworkError(String(error));
  }
  return operatorAnswer(result, silent);
}

/** An answer's data; a refusal shown (unless silent) and thrown, the end of the session told to the layout. */
function operatorAnswer<T>(result: ApiResult<T>, silent = false): T {
  if (result.code === 200) return result.data;
  if (SESSION_END_CODES.includes(result.code)) {
    onSignedOut?.();
    throw new OperatorSignedOut(result.code, result.msg || '请重新登录');
  }
  if (!silent) feedback.error(result.msg || 'Error', 3);
  throw new ApiError(result.code, result.msg || 'Error');
}

/** How an operator's download (ExportButton's `readRefusal`) shows a refusal: as the operator's calls do. */
export const readOperatorRefusal = (result: ApiResult<unknown>) => operatorAnswer(result);

/** Calls a platform endpoint, as `call` does a staff one. */
export function operatorCall<E extends Endpoint>(ep: E, input: InputOf<E>, { silent = false } = {}): Promise<OutputOf<E>> {
  const { url, init } = requestOf(ep, input);
  return operatorRequest(url, init, silent);
}

/** Every cached answer of the operator's area starts with this, apart from the staff app's. */
const PLATFORM_KEY = 'platform';
const keyOf = (ep: Endpoint, input?: unknown) => (input === undefined ? [PLATFORM_KEY, ep.path] : [PLATFORM_KEY, ep.path, input]);

/** Forgets everything the operator's pages loaded (on sign-in and sign-out). */
export const forgetPlatformData = () => queryClient.removeQueries({ queryKey: [PLATFORM_KEY] });

export const useOperator = () => useQuery({ queryKey: keyOf(operatorInfo), queryFn: () => operatorCall(operatorInfo, {}, { silent: true }), staleTime: 60_000 });

export const signIn = (input: InputOf<typeof operatorLogin>) => operatorCall(operatorLogin, input, { silent: true });
export const signOut = () => operatorCall(operatorLogout, {}, { silent: true }).catch(() => null);

/** One page of an operator list, the page shown kept while the next loads, asked again whenever the page opens. */
function useOperatorPage<E extends typeof platformInvoiceList | typeof platformFeedbackList | typeof platformAuditLogList>(ep: E, input: InputOf<E>) {
  return useQuery({
    queryKey: keyOf(ep, input),
    queryFn: () => operatorCall(ep, input),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

export type InvoiceListInput = InputOf<typeof platformInvoiceList>;
export const useInvoiceList = (input: InvoiceListInput) => useOperatorPage(platformInvoiceList, input);

export type FeedbackListInput = InputOf<typeof platformFeedbackList>;
export const useFeedbackList = (input: FeedbackListInput) => useOperatorPage(platformFeedbackList, input);

export type PlatformAuditLogInput = InputOf<typeof platformAuditLogList>;
export const usePlatformAuditLogList = (input: PlatformAuditLogInput) => useOperatorPage(platformAuditLogList, input);

/** Every company by name: the 操作日志's company filter and the company of each row. */
export const usePlatformAuditCompanies = () =>
  useQuery({ queryKey: keyOf(platformAuditCompanyOptions), queryFn: () => operatorCall(platformAuditCompanyOptions, {}), staleTime: 60_000 });

export const useCatalogue = () => useQuery({ queryKey: keyOf(platformCatalogue), queryFn: () => operatorCall(platformCatalogue, {}) });

/** A change: once it succeeded, the lists it alters are loaded again before the promise resolves. */
function useOperatorMutation<E extends Endpoint>(ep: E, invalidates: readonly Endpoint[]) {
  return useMutation({
    mutationFn: (input: InputOf<E>) => operatorCall(ep, input),
    onSuccess: () => Promise.all(invalidates.map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) }))),
  });
}

export const useIssueInvoice = () => useOperatorMutation(platformIssueInvoice, [platformInvoiceList]);
export const useReplyFeedback = () => useOperatorMutation(platformReplyFeedback, [platformFeedbackList]);
export const useSaveFunctionPrices = () => useOperatorMutation(platformSaveFunctionPrices, [platformCatalogue]);
export const useSaveMeal = () => useOperatorMutation(platformSaveMeal, [platformCatalogue]);

/** The largest e-invoice PDF the server takes. */
export const INVOICE_PDF_MAX_BYTES = 5 * 1024 * 1024;

/** Uploads an e-invoice PDF; answers the stored file's key for platformIssueInvoice's pdfUrl. */
export function uploadInvoicePdf(file: Blob, name: string): Promise<OutputOf<typeof platformUploadInvoicePdf>> {
  const body = new FormData();
  body.append('file', file, name);
  return operatorRequest(`/api${platformUploadInvoicePdf.path}`, { method: 'POST', body }, false);
}
