import {
  addUserNotice, batchSaveUserMessage, messageRecipients, readAllUserMessages, readUserMessage,
  unreadMessageCount, userMessageList,
} from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** What reading or receiving changes: the inbox and the navbar's count. */
const INBOX = [userMessageList, unreadMessageCount];

export const useMessageRecipients = () => useEndpointQuery(messageRecipients, {});
export const useSendMessage = () => useEndpointMutation(addUserNotice, { invalidates: INBOX });
export const useReadMessage = () => useEndpointMutation(readUserMessage, { invalidates: INBOX });
export const useReadAllMessages = () => useEndpointMutation(readAllUserMessages, { invalidates: INBOX });
export const useNotifyCandidates = () => useEndpointMutation(batchSaveUserMessage);
