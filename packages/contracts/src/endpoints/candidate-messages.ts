import { z } from 'zod';
import { emptyInput, getEndpoint, okOutput, pageInput, pageOf, postEndpoint } from '../api.js';

/*
 * The candidate site's messages: what the units told the candidate (the candidate feed the back office writes). A
 * module of its own, as the signed-in header reads the unread count on every page.
 */

export const candidateMessageRow = z.object({
  applicationId: z.number().int(),
  companyName: z.string(),
  jobVacancy: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});

export const candidateMessages = getEndpoint('/candidate/messages', {
  auth: false,
  input: pageInput,
  output: pageOf(candidateMessageRow),
});

export const candidateUnreadCount = getEndpoint('/candidate/messages/unread', {
  auth: false,
  input: emptyInput,
  output: z.object({ count: z.number().int() }),
});

/** Marks every message so far as read. */
export const readCandidateMessages = postEndpoint('/candidate/messages/read', { auth: false, input: emptyInput, output: okOutput });
