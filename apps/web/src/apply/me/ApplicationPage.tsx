import { Suspense, lazy, useCallback, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type MyApplicationRow, GATE_STAGES, SIGN_UP_STAGE, candidatePlanPath, candidatePostList, myApplication,
  myApplications, myRegistrationForm, myTicket, resubmitMyApplication, switchMyApplication,
  withdrawMyApplication,
} from '@zhaokao/contracts';
import { LoadFailed, Loading } from '../parts';
import { SiteError, callSite, urlOf, useSiteQuery } from '../site-api';
import {
  MY_APPLICATIONS_PATH, MY_RESUME_PATH, feeText, isResumeIncomplete, isReturned, queryKeyOf,
  refreshApplications, bonusText, scoreText, showApplication, switchTargetsOf,
} from './application-actions';
import { ConfirmAction } from './ConfirmAction';

// Paying (the QR code encoder, the payment channels) loads only for an application that waits for its fee.
const FeePayment = lazy(() => import('./FeePayment').then((m) => ({ default: m.FeePayment })));
// 成绩复查 loads only for an application with a published exam result.
const ScoreRecheck = lazy(() => import('./ScoreRecheck').then((m) => ({ default: m.ScoreRecheck })));

/** 报名详情 (/apply/me/applications/:id): the status in words, what the candidate may do now, the fee, the PDFs and the results. */
export function ApplicationPage() {
  const id = Number(useParams().id);
  const application = useSiteQuery(myApplication, { id });
  if (application.isError) {
    return (
      <>
        <title>报名详情 - 招考报名</title>
        <p className="site-back">
          <Link to={MY_APPLICATIONS_PATH}>← 我的报名</Link>
        </p>
        <LoadFailed error={application.error} onRetry={() => void application.refetch()} />
      </>
    );
  }
  if (!application.data) return <Loading what="报名详情" />;
  return <ApplicationDetail application={application.data} />;
}

function ApplicationDetail({ application }: { application: MyApplicationRow }) {
  const { id, fee } = application;
  const queryClient = useQueryClient();
  const [justPaid, setJustPaid] = useState(false);
  const onPaid = useCallback(() => {
    setJustPaid(true);
    void refreshApplications(queryClient);
  }, [queryClient]);
  const hasActions = application.canResubmit || application.canSwitch || application.canWithdraw;

  return (
    <>
      <title>{`报名详情：${application.jobVacancy} - 招考报名`}</title>
      <p className="site-back">
        <Link to={MY_APPLICATIONS_PATH}>← 我的报名</Link>
      </p>
      <section className="site-card" aria-labelledby="application-title">
        <h1 id="application-title" className="site-title">
          {application.jobVacancy}
        </h1>
        <p className="site-muted me-tight">
          {application.companyName} ·{' '}
          <Link to={candidatePlanPath(application.companyId, application.planId)}>{application.planName}</Link>
        </p>
        <dl className="site-facts">
          <dt>报名状态</dt>
          <dd className={isReturned(application.status) ? 'me-status me-status-returned' : 'me-status'}>{application.statusText}</dd>
          <dt>报名费</dt>
          <dd>{feeText(fee)}</dd>
          <dt>报名时间</dt>
          <dd>{application.createdAt}</dd>
        </dl>
        {isReturned(application.status) && application.reason ? (
          <div className="me-reason">
            <h2 className="me-reason-title">
              {application.status === SIGN_UP_STAGE.statuses.rejectedCorrectable ? '退回原因' : '未通过原因'}
            </h2>
            <p className="site-text">{application.reason}</p>
          </div>
        ) : null}
      </section>

      {hasActions ? (
        <section className="site-card" aria-labelledby="application-actions">
          <h2 id="application-actions" className="me-card-title">
            办理
          </h2>
          {application.canResubmit ? <Resubmit application={application} /> : null}
          {application.canSwitch ? <SwitchPost application={application} /> : null}
          {application.canWithdraw ? <Withdraw application={application} /> : null}
        </section>
      ) : null}

      {justPaid && fee.state !== 'unpaid' ? (
        <p className="me-success" role="status">
          支付成功，报名费已缴纳。
        </p>
      ) : null}
      {fee.state === 'unpaid' ? (
        <Suspense fallback={<Loading what="缴费" />}>
          <FeePayment applicationId={id} fee={fee} onPaid={onPaid} />
        </Suspense>
      ) : null}
      {fee.state === 'later' ? <p className="site-notice">本计划在资格审核通过后缴费，审核通过后请回到本页缴纳报名费。</p> : null}
      {fee.state === 'expired' ? (
        <p className="me-reason">未在缴费期限{fee.deadline ? `（${fee.deadline}）` : ''}内缴纳报名费，视为放弃考试。</p>
      ) : null}

      <section className="site-card" aria-labelledby="application-downloads">
        <h2 id="application-downloads" className="me-card-title">
          打印材料
        </h2>
        <ul className="site-list me-downloads">
          <li>
            <a href={urlOf(myRegistrationForm, { id })} download>
              下载报名登记表
            </a>
            <span className="site-muted">（含诚信承诺书，PDF）</span>
          </li>
          {application.tickets.map((ticket) => (
            <li key={ticket.stage}>
              {ticket.available ? (
                <a href={urlOf(myTicket, { id, stage: ticket.stage })} download>
                  下载{ticket.name}准考证
                </a>
              ) : (
                <span>{ticket.name}准考证</span>
              )}
              {ticket.ticketCode ? <span className="site-muted">（准考证号 {ticket.ticketCode}）</span> : null}
              {ticket.note ? <p className="site-muted me-tight">{ticket.note}</p> : null}
            </li>
          ))}
        </ul>
      </section>

      {application.results.length > 0 ? (
        <section className="site-card" aria-labelledby="application-results">
          <h2 id="application-results" className="me-card-title">
            考试成绩
          </h2>
          <ul className="site-list me-results">
            {application.results.map((result) => (
              <li key={result.stage}>
                <h3 className="me-result-title">{result.name}</h3>
                <dl className="site-facts">
                  {/* A gate (资格复审, 体检, 考察, 公示) has a result, no score. */}
                  {result.stage in GATE_STAGES ? null : (
                    <>
                      <dt>成绩</dt>
                      <dd>{scoreText(result)}</dd>
                    </>
                  )}
                  {result.bonus ? (
                    <>
                      <dt>成绩构成</dt>
                      <dd>{bonusText(result)}</dd>
                    </>
                  ) : null}
                  {result.compositeScore !== null ? (
                    <>
                      <dt>综合成绩</dt>
                      <dd>{result.compositeScore}</dd>
                    </>
                  ) : null}
                  {result.rank !== null ? (
                    <>
                      <dt>排名</dt>
                      <dd>第 {result.rank} 名</dd>
                    </>
                  ) : null}
                  {result.outcome ? (
                    <>
                      <dt>结果</dt>
                      <dd className="me-status">{result.outcome}</dd>
                    </>
                  ) : null}
                </dl>
                {result.explanation ? <p className="site-muted site-text me-tight">{result.explanation}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {application.results.some((result) => !(result.stage in GATE_STAGES)) ? (
        <Suspense fallback={<Loading what="成绩复查" />}>
          <ScoreRecheck applicationId={id} />
        </Suspense>
      ) : null}
    </>
  );
}

function RefusalText({ error }: { error: SiteError }) {
  return (
    <>
      <p>{error.message}</p>
      {isResumeIncomplete(error.message) ? (
        <p>
          <Link to={MY_RESUME_PATH}>去完善简历</Link>
        </p>
      ) : null}
    </>
  );
}

function Resubmit({ application }: { application: MyApplicationRow }) {
  const queryClient = useQueryClient();
  const resubmit = useMutation<MyApplicationRow, SiteError>({
    mutationFn: () => callSite(resubmitMyApplication, { id: application.id }),
    onSuccess: (row) => showApplication(queryClient, row),
  });
  return (
    <div className="me-action">
      <h3 className="me-action-title">修改后重新提交</h3>
      <p className="site-muted me-tight">请先按退回原因修改简历并保存，再重新提交报名。</p>
      <div className="me-actions">
        <Link className="site-button me-button-link" to={MY_RESUME_PATH}>
          修改简历
        </Link>
        <ConfirmAction
          primary
          label="重新提交"
          question="确认以简历当前保存的内容重新提交报名？"
          confirmLabel="确认提交"
          pendingLabel="正在提交…"
          pending={resubmit.isPending}
          error={resubmit.isError ? <RefusalText error={resubmit.error} /> : null}
          onConfirm={() => resubmit.mutate()}
        />
      </div>
    </div>
  );
}

function SwitchPost({ application }: { application: MyApplicationRow }) {
  const queryClient = useQueryClient();
  const selectId = useId();
  const [postId, setPostId] = useState('');
  const [moved, setMoved] = useState('');
  const posts = useSiteQuery(candidatePostList, {
    companyId: application.companyId,
    planId: application.planId,
    pageSize: 200,
    pageNum: 1,
    education: '',
    major: '',
    keyword: '',
  });
  const move = useMutation<MyApplicationRow, SiteError, number>({
    mutationFn: (recruitmentId) => callSite(switchMyApplication, { id: application.id, recruitmentId }),
    onSuccess: async (row) => {
      setPostId('');
      setMoved(row.jobVacancy);
      await showApplication(queryClient, row);
    },
  });
  const targets = posts.data ? switchTargetsOf(posts.data.list, application.recruitmentId) : [];
  const chosen = targets.find((post) => String(post.id) === postId);
  return (
    <div className="me-action">
      <h3 className="me-action-title">改报</h3>
      <p className="site-muted me-tight">可改报到同一招录计划的其他岗位，改报后按新岗位重新审核。</p>
      {moved ? (
        <p className="me-success" role="status">
          已改报到“{moved}”，请等待审核。
        </p>
      ) : null}
      {posts.isPending ? <Loading what="岗位" /> : null}
      {posts.isError ? <LoadFailed error={posts.error} onRetry={() => void posts.refetch()} /> : null}
      {posts.data && targets.length === 0 ? <p>该计划没有其他可改报的岗位。</p> : null}
      {targets.length > 0 ? (
        <>
          <label className="me-label" htmlFor={selectId}>
            改报岗位
          </label>
          <select id={selectId} className="form-input" value={postId} onChange={(event) => setPostId(event.currentTarget.value)}>
            <option value="">请选择岗位</option>
            {targets.map((post) => (
              <option key={post.id} value={post.id}>
                {post.departmentName ? `${post.jobVacancy}（${post.departmentName}）` : post.jobVacancy}
              </option>
            ))}
          </select>
          <div className="me-actions">
            <ConfirmAction
              key={postId}
              label="改报"
              disabled={!chosen}
              question={`确认从“${application.jobVacancy}”改报到“${chosen?.jobVacancy ?? ''}”？`}
              confirmLabel="确认改报"
              pendingLabel="正在改报…"
              pending={move.isPending}
              error={move.isError ? <RefusalText error={move.error} /> : null}
              onConfirm={() => chosen && move.mutate(chosen.id)}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}

function Withdraw({ application }: { application: MyApplicationRow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const withdraw = useMutation<null, SiteError>({
    mutationFn: () => callSite(withdrawMyApplication, { id: application.id }),
    onSuccess: () => {
      void navigate(MY_APPLICATIONS_PATH, { replace: true });
      queryClient.removeQueries({ queryKey: [...queryKeyOf(myApplication), { id: application.id }] });
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(myApplications) });
    },
  });
  return (
    <div className="me-action">
      <h3 className="me-action-title">撤回报名</h3>
      <p className="site-muted me-tight">尚未审核且未缴费的报名可以撤回，撤回后报名记录将删除。</p>
      <ConfirmAction
        label="撤回报名"
        question={`确认撤回“${application.jobVacancy}”的报名？撤回后报名记录将删除，报名期内可重新报名。`}
        confirmLabel="确认撤回"
        pendingLabel="正在撤回…"
        pending={withdraw.isPending}
        error={withdraw.isError ? <p>{withdraw.error.message}</p> : null}
        onConfirm={() => withdraw.mutate()}
      />
    </div>
  );
}
