import {
  confirmOfflinePayment, omsOrderClose, omsOrderDeleteList, omsOrderDetail, omsOrderGetById, omsOrderList,
  omsOrderNote, omsOrderOffline, omsOrderReceiver,
} from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** Every change to a registration-fee order shows in the list and in its detail. */
const FEE_ORDER_READS = [omsOrderList, omsOrderDetail, omsOrderGetById];

export const useFeeOrderDetail = (id: number) => useEndpointQuery(omsOrderDetail, { id });

export const useConfirmOfflinePayment = () => useEndpointMutation(confirmOfflinePayment, { invalidates: FEE_ORDER_READS });
export const useCloseFeeOrder = () => useEndpointMutation(omsOrderClose, { invalidates: FEE_ORDER_READS });
export const useDeleteFeeOrders = () => useEndpointMutation(omsOrderDeleteList, { invalidates: FEE_ORDER_READS });
export const useSaveFeeOrderNote = () => useEndpointMutation(omsOrderNote, { invalidates: FEE_ORDER_READS });
export const useMarkFeeOrderOffline = () => useEndpointMutation(omsOrderOffline, { invalidates: FEE_ORDER_READS });
export const useSaveFeeOrderReceiver = () => useEndpointMutation(omsOrderReceiver, { invalidates: FEE_ORDER_READS });
