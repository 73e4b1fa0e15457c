import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type MyRecheckRow, RECHECK_ERROR_KINDS, RECHECK_REASON_MAX, RECHECK_STATES, myScoreRechecks,
  requestScoreRecheck,
} from '@zhaokao/contracts';
import { LoadFailed, Loading } from '../parts';
import { type SiteError, callSite, useSiteQuery } from '../site-api';
import { queryKeyOf, timeText } from './application-actions';
import { ConfirmAction } from './ConfirmAction';

/**
 * 成绩复查 on 报名详情 (DESIGN §5): the application's requests with their state and answer, and, for each published stage
 * still inside the plan's window, 申请成绩复查 with a short reason (once per stage).
 */
export function ScoreRecheck({ applicationId }: { applicationId: number }) {
  const rechecks = useSiteQuery(myScoreRechecks, { id: applicationId });
  if (rechecks.isPending) return <Loading what="成绩复查" />;
  if (rechecks.isError) return <LoadFailed error={rechecks.error} onRetry={() => void rechecks.refetch()} />;
  const { rechecks: asked, offers } = rechecks.data;
  if (asked.length === 0 && offers.length === 0) return null;
  return (
    <section className="site-card" aria-labelledby="application-rechecks">
      <h2 id="application-rechecks" className="me-card-title">
        成绩复查
      </h2>
      {asked.length > 0 ? (
        <ul className="site-list">
          {asked.map((r) => (
            <RecheckItem key={r.id} recheck={r} />
          ))}
        </ul>
      ) : null}
      {offers.map((offer) => (
        <RecheckRequest key={offer.stage} applicationId={applicationId} stage={offer.stage} name={offer.name} deadline={offer.deadline} />
      ))}
    </section>
  );
}

function RecheckItem({ recheck: r }: { recheck: MyRecheckRow }) {
  return (
    <li>
      <h3 className="me-result-title">
        {r.stageName}成绩复查：{RECHECK_STATES[r.state]}
      </h3>
      <dl className="site-facts">
        <dt>申请时间</dt>
        <dd>{timeText(r.requestedAt)}</dd>
        <dt>复查理由</dt>
        <dd>{r.reason}</dd>
        {r.state === 'corrected' ? (
          <>
            <dt>复查结果</dt>
            <dd className="me-status">
              {r.errorKind ? `${RECHECK_ERROR_KINDS[r.errorKind]}，` : ''}成绩由 {r.originalScore} 分更正为 {r.correctedScore} 分
            </dd>
          </>
        ) : null}
        {r.state === 'refused' ? (
          <>
            <dt>复查结果</dt>
            <dd className="me-status">成绩无误，不予更正</dd>
          </>
        ) : null}
        {r.answer ? (
          <>
            <dt>{r.state === 'refused' ? '理由' : '说明'}</dt>
            <dd>{r.answer}</dd>
          </>
        ) : null}
        {r.answeredAt ? (
          <>
            <dt>答复时间</dt>
            <dd>{timeText(r.answeredAt)}</dd>
          </>
        ) : null}
      </dl>
      {r.state === 'pending' ? <p className="site-muted me-tight">已提交，请等待招录单位答复。</p> : null}
    </li>
  );
}

function RecheckRequest({ applicationId, stage, name, deadline }: { applicationId: number; stage: number; name: string; deadline: string }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const ask = useMutation<MyRecheckRow, SiteError>({
    mutationFn: () => callSite(requestScoreRecheck, { id: applicationId, stage, reason: reason.trim() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(myScoreRechecks) }),
  });
  return (
    <div className="me-action">
      <h3 className="me-action-title">申请{name}成绩复查</h3>
      <p className="site-muted me-tight">
        {deadline} 前可申请一次，复查只核对登分、合分和漏评，不重新评卷。
      </p>
      <label className="me-label" htmlFor={reasonId}>
        复查理由
      </label>
      <textarea
        id={reasonId}
        className="form-input"
        rows={3}
        maxLength={RECHECK_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <div className="me-actions">
        <ConfirmAction
          primary
          label="申请成绩复查"
          disabled={reason.trim() === ''}
          question={`确认申请${name}成绩复查？每个阶段只能申请一次。`}
          confirmLabel="确认申请"
          pendingLabel="正在提交…"
          pending={ask.isPending}
          error={ask.isError ? <p>{ask.error.message}</p> : null}
          onConfirm={() => ask.mutate()}
        />
      </div>
    </div>
  );
}
