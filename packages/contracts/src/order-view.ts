import { z } from 'zod';

/** An order as the company's pages and the payment dialog show it. */
export const orderView = z.object({
  id: z.number().int(),
  /** The readable business number (SPEC's orderId). */
  orderId: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  name: z.string(),
  time: z.number().int().nullable(),
  timeType: z.number().int().nullable(),
  mealId: z.number().int().nullable(),
  functionList: z.array(z.object({ code: z.string(), name: z.string() })),
  totalAmount: z.number().int(),
  totalAmountY: z.string(),
  payChannel: z.number().int().nullable(),
  /** The text of the QR code to scan while the order is open (empty before a channel is chosen). */
  payH5QrCodeUrl: z.string(),
  /** The payment gateway behind the QR code: 'sandbox' shows the 沙箱 mark. */
  provider: z.string(),
  /** The QR channels (1, 2) that go to the sandbox gateway (no real money): the payment dialog marks them (syncCallback only). */
  sandboxChannels: z.array(z.number().int()).optional(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string(),
  createdByName: z.string(),
});
export type OrderView = z.infer<typeof orderView>;
