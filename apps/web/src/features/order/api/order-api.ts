import {
  closeCompanyOrder, companyInvoiceDetail, companyInvoiceList, companyOrderDetail, companyOrderList,
  getApplyInvoiceAmountLimit, getCourierFee, saveCompanyInvoice,
} from '@zhaokao/contracts';
import { invalidateEndpoints, useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** What paying or closing an order can change: the orders, and the invoices whose courier fee it was. */
export const ORDER_ANSWERS = [companyOrderList, companyOrderDetail, companyInvoiceList, companyInvoiceDetail, getApplyInvoiceAmountLimit];

/** After the payment dialog closed (paid or not): the orders and invoices as they stand now. */
export const refreshAfterPayment = () => invalidateEndpoints(ORDER_ANSWERS);

export const useOrderDetail = (id: number | undefined) =>
  useEndpointQuery(companyOrderDetail, id === undefined ? undefined : { id });

export const useCloseOrder = () => useEndpointMutation(closeCompanyOrder, { invalidates: ORDER_ANSWERS });

/** The paid amount not yet invoiced; always fresh when the page opens, since payments happen elsewhere. */
export const useInvoiceLimit = () => useEndpointQuery(getApplyInvoiceAmountLimit, {}, { refetchOnMount: 'always' });

export const useCourierFee = (province: string | undefined) =>
  useEndpointQuery(getCourierFee, province ? { province } : undefined, { staleTime: Infinity });

export const useSaveInvoice = () =>
  useEndpointMutation(saveCompanyInvoice, { invalidates: [companyInvoiceList, getApplyInvoiceAmountLimit, companyOrderList] });

export const useInvoiceDetail = (id: number | undefined) =>
  useEndpointQuery(companyInvoiceDetail, id === undefined ? undefined : { id }, { refetchOnMount: 'always' });
