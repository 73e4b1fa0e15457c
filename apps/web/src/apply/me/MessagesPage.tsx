import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { candidateMessages, candidateUnreadCount, readCandidateMessages } from '@zhaokao/contracts';
import { Empty, LoadFailed, Loading } from '../parts';
import { type SiteError, callSite } from '../site-api';
import { myApplicationPath, queryKeyOf, timeText } from './application-actions';

const PAGE_SIZE = 20;

/**
 * 消息 (/apply/me/messages): what the units told the candidate, newest first, 加载更多 for older ones. Opening the page
 * marks everything read once the first page is shown; the marks of that page stay as they were when it arrived.
 */
export function MessagesPage() {
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery({
    queryKey: [...queryKeyOf(candidateMessages), 'pages'],
    queryFn: ({ pageParam }) => callSite(candidateMessages, { pageNum: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    staleTime: 0,
  });
  const markedRead = useRef(false);
  const firstPage = messages.data?.pages[0];

  useEffect(() => {
    if (!firstPage || markedRead.current) return;
    markedRead.current = true;
    callSite(readCandidateMessages, {})
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeyOf(candidateUnreadCount) }))
      // Not marked this time: the next visit tries again.
      .catch(() => undefined);
  }, [firstPage, queryClient]);

  const rows = messages.data?.pages.flatMap((page) => page.list) ?? [];
  const total = firstPage?.total ?? 0;

  return (
    <>
      <title>消息 - 招考报名</title>
      <h1 className="site-title">消息</h1>
      {messages.isPending ? <Loading what="消息" /> : null}
      {messages.isError && rows.length === 0 ? (
        <LoadFailed error={messages.error as SiteError} onRetry={() => void messages.refetch()} />
      ) : null}
      {firstPage && rows.length === 0 ? <Empty>暂无消息。报名审核、缴费、准考证和成绩等通知会显示在这里。</Empty> : null}
      {rows.length > 0 ? (
        <>
          <ul className="site-list me-messages">
            {rows.map((message, index) => (
              <li key={`${message.applicationId}-${message.createdAt}-${index}`} className={message.unread ? 'site-card me-message me-unread' : 'site-card me-message'}>
                <h2 className="me-message-title">
                  {message.unread ? <span className="site-badge site-badge-top">未读</span> : null}
                  {message.title}
                </h2>
                <p className="site-muted me-tight">
                  {message.companyName} · {message.jobVacancy} · <time>{timeText(message.createdAt)}</time>
                </p>
                <p className="site-text">{message.content}</p>
                <Link to={myApplicationPath(message.applicationId)} aria-label={`查看报名：${message.jobVacancy}`}>
                  查看报名
                </Link>
              </li>
            ))}
          </ul>
          <p className="site-muted" role="status" aria-live="polite">
            {messages.isFetchingNextPage ? '正在加载…' : `共 ${total} 条消息，已显示 ${rows.length} 条`}
          </p>
          {messages.isFetchNextPageError ? (
            <p className="me-error" role="alert">
              {(messages.error as SiteError | null)?.message ?? '加载失败，请稍后再试'}
            </p>
          ) : null}
          {messages.hasNextPage ? (
            <button
              type="button"
              className="site-button me-more-button"
              disabled={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
            >
              加载更多
            </button>
          ) : null}
        </>
      ) : null}
    </>
  );
}
