// What other features use of the order feature.
export { closeOrder } from './expiry.js';
export { createFeeOrder } from './fee-order.js';
export { issuedInvoicePdf } from './invoices.js';
export { orderViewOf } from './order-view.js';
export type { PaymentChannels } from './providers/channels.js';
export { FEE_MESSAGES, applicationFeeStatus, feeDeadlineSql, gaveUpSql, payApplicationFee } from './registration-fee.js';
