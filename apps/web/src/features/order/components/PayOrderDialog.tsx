import { walletAllowedFor } from '@zhaokao/contracts';
import { useState } from 'react';
import { LazyPaymentDialog } from '../../../components/payment/LazyPaymentDialog';
import { refreshAfterPayment } from '../api/order-api';

/** An order to pay: its business number and type (the wallet is never offered for a recharge). */
export interface OrderToPay {
  orderId: string;
  type: number;
}

/**
 * The payment dialog for one order at a time: `pay(order)` opens it; however it closes (paid, cancelled, or closed
 * unpaid), the orders and invoices on screen are read again.
 */
export function usePayOrder(onPaid?: () => void) {
  const [order, setOrder] = useState<OrderToPay>();
  const dialog = (
    <LazyPaymentDialog
      orderId={order?.orderId}
      allowWallet={order ? walletAllowedFor(order.type as Parameters<typeof walletAllowedFor>[0]) : false}
      onClose={() => {
        setOrder(undefined);
        void refreshAfterPayment();
      }}
      onPaid={onPaid}
    />
  );
  return { dialog, pay: setOrder };
}
