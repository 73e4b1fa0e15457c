import { type InputOf, walletLedgerList } from '@zhaokao/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useWalletLedger = (input: InputOf<typeof walletLedgerList>) =>
  useQuery({
    queryKey: ['wallet-ledger', input],
    queryFn: () => call(walletLedgerList, input),
    placeholderData: keepPreviousData,
  });
