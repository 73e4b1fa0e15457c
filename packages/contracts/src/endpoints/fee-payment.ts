import { z } from 'zod';

/** The candidate's view of their registration fee (the public calls and the signed-in candidate's alike). */
export const feePaymentView = z.object({
  orderId: z.string(),
  status: z.number().int(),
  totalAmountY: z.string(),
  payH5QrCodeUrl: z.string(),
  provider: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});
