/**
 * A notice written elsewhere (a gate's 生成公告) and opened in the notice editor of 公示公告 before anything is
 * stored: it travels in the history state of the navigation (`navigate(NOTICE_LIST_PATH, { state: noticeDraftState(draft) })`),
 * and the notice page opens its editor on it once, then drops it from the history entry, so that back or a reload
 * does not open it again.
 */
export interface NoticeDraft {
  title: string;
  /** The body, rich text (HTML). */
  content: string;
  /** The plan the notice belongs to; null for the whole company. */
  recruitmentId: number | null;
}

/** 公示公告, where notices are written. */
export const NOTICE_LIST_PATH = '/manage/sysMessage';

export const noticeDraftState = (draft: NoticeDraft) => ({ noticeDraft: draft });

/** The draft a history state carries, if it carries a well-formed one. */
export function noticeDraftOf(state: unknown): NoticeDraft | undefined {
  const draft = (state as { noticeDraft?: Partial<NoticeDraft> } | null)?.noticeDraft;
  if (!draft || typeof draft.title !== 'string' || typeof draft.content !== 'string') return undefined;
  return { title: draft.title, content: draft.content, recruitmentId: typeof draft.recruitmentId === 'number' ? draft.recruitmentId : null };
}
