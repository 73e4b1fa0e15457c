import { type ComponentProps, useState } from 'react';
import { lazyModal } from '../lazy-modal';

const Loaded = lazyModal(() => import('./PaymentDialog').then((m) => m.PaymentDialog));

/** The payment dialog, its code loaded when the first order is to be paid rather than with the page. */
export function LazyPaymentDialog(props: ComponentProps<typeof Loaded>) {
  const [opened, setOpened] = useState(false);
  // Once opened it stays rendered, so that it can close with its animation.
  if (props.orderId !== undefined && !opened) setOpened(true);
  return opened ? <Loaded {...props} /> : null;
}
