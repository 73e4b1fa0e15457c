import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CandidateSitePost, type MyApplicationRow, PLAN_SIGN_UP_PHASES, type PhotoRule, candidateApply,
  candidatePlanDetail, candidatePlanPath, candidatePostList, candidateResume, myApplications, photoRuleText,
  switchMyApplication,
} from '@zhaokao/contracts';
import { ConfirmAction } from './me/ConfirmAction';
import { Empty, LoadFailed, Loading } from './parts';
import { SiteError, callSite, useSiteQuery } from './site-api';
import {
  MY_RESUME_PATH, applicationInPlan, isResumeIncomplete, myApplicationPath, queryKeyOf, resumeSummaryOf,
  showApplication,
} from './me/application-actions';

/** The most posts one page of the public list gives: the apply page finds its post among them. */
const ALL_POSTS = 200;

/** 报名: the post and its plan, the resume as saved, the integrity pledge and 提交报名 (or the plan's application when there is one). */
export function ApplyPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const planId = Number(params.planId);
  const postId = Number(params.postId);
  const detail = useSiteQuery(candidatePlanDetail, { companyId, planId });
  const posts = useSiteQuery(candidatePostList, { companyId, planId, pageSize: ALL_POSTS, pageNum: 1, education: '', major: '', keyword: '' });
  const applications = useSiteQuery(myApplications, {});

  const failed = [detail, posts, applications].find((query) => query.isError);
  if (failed) return <LoadFailed error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!detail.data || !posts.data || !applications.data) return <Loading what="岗位" />;

  const { plan, company } = detail.data;
  const post = posts.data.list.find((row) => row.id === postId);
  const planPath = candidatePlanPath(company.id, plan.id);
  const existing = applicationInPlan(applications.data, plan.id);
  const feeTiming = plan.feeAfterReview ? `资格审核通过后 ${plan.feePayDays} 天内缴费` : '报名时缴费';
  const fee = Number(plan.registrationFeeY) > 0 ? `${plan.registrationFeeY} 元（${feeTiming}）` : '免费';

  return (
    <>
      <title>{`报名${post ? `：${post.jobVacancy}` : ''} - 招考报名`}</title>
      <p className="site-back">
        <Link to={planPath}>← 返回招录计划</Link>
      </p>
      <h1 className="site-title">报名{post ? `：${post.jobVacancy}` : ''}</h1>
      {!post ? (
        <Empty>岗位不存在或已下架，请回到招录计划重新选择岗位。</Empty>
      ) : (
        <>
          <section className="site-card" aria-labelledby="apply-post">
            <h2 id="apply-post" className="me-card-title">
              {post.jobVacancy}
              {post.cancelled ? <span className="site-badge site-badge-closed me-title-badge">已取消</span> : null}
            </h2>
            <p className="site-muted me-tight">
              {company.name} · {plan.name}
            </p>
            <dl className="site-facts">
              {post.departmentName ? (
                <>
                  <dt>部门</dt>
                  <dd>{post.departmentName}</dd>
                </>
              ) : null}
              <dt>招录人数</dt>
              <dd>{post.places} 人</dd>
              {post.education ? (
                <>
                  <dt>学历要求</dt>
                  <dd>{post.education}</dd>
                </>
              ) : null}
              {post.skillsRequired ? (
                <>
                  <dt>任职要求</dt>
                  <dd className="site-text">{post.skillsRequired}</dd>
                </>
              ) : null}
              {post.candidateRemark ? (
                <>
                  <dt>报考说明</dt>
                  <dd className="site-text">{post.candidateRemark}</dd>
                </>
              ) : null}
              <dt>报名时间</dt>
              <dd>
                {plan.signUpStartDate} 至 {plan.signUpEndDate}{' '}
                <span className={`site-badge site-badge-${plan.phase}`}>{PLAN_SIGN_UP_PHASES[plan.phase]}</span>
              </dd>
              <dt>报名费</dt>
              <dd>{fee}</dd>
            </dl>
          </section>

          {existing ? (
            <AppliedInPlan application={existing} post={post} signUpOpen={plan.phase === 'open'} />
          ) : plan.phase !== 'open' ? (
            <p className="site-notice">{plan.phase === 'upcoming' ? `报名尚未开始，开始时间：${plan.signUpStartDate}` : '报名已结束，不能再报名。'}</p>
          ) : post.cancelled ? (
            <p className="site-notice">该岗位已取消，请回到招录计划选择其他岗位。</p>
          ) : (
            <ApplyForm postId={post.id} photoRule={plan.photoRule} resumeFor={`${MY_RESUME_PATH}?companyId=${company.id}&planId=${plan.id}`} />
          )}
        </>
      )}
    </>
  );
}

/** The candidate applied in this plan already (one post per plan): that application, and 改报 to this post when allowed. */
function AppliedInPlan({ application, post, signUpOpen }: { application: MyApplicationRow; post: CandidateSitePost; signUpOpen: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const samePost = application.recruitmentId === post.id;
  const move = useMutation<MyApplicationRow, SiteError>({
    mutationFn: () => callSite(switchMyApplication, { id: application.id, recruitmentId: post.id }),
    onSuccess: async (row) => {
      await showApplication(queryClient, row);
      void navigate(myApplicationPath(row.id));
    },
  });
  const canMoveHere = !samePost && application.canSwitch && signUpOpen && !post.cancelled;
  return (
    <section className="site-card" aria-labelledby="apply-existing">
      <h2 id="apply-existing" className="me-card-title">
        {samePost ? '您已报名此岗位' : '您已报名该招录计划的其他岗位'}
      </h2>
      <p className="me-tight">
        {application.jobVacancy} · <span className="me-status">{application.statusText}</span>
      </p>
      {!samePost ? <p className="site-muted">每个招录计划只能报考一个岗位。</p> : null}
      <div className="me-actions">
        <Link className="site-button me-button-link" to={myApplicationPath(application.id)}>
          查看我的报名
        </Link>
        {canMoveHere ? (
          <ConfirmAction
            primary
            label="改报到此岗位"
            question={`确认将报名从“${application.jobVacancy}”改报到“${post.jobVacancy}”？改报后按新岗位重新审核。`}
            confirmLabel="确认改报"
            pendingLabel="正在改报…"
            pending={move.isPending}
            error={move.isError ? <p>{move.error.message}</p> : null}
            onConfirm={() => move.mutate()}
          />
        ) : null}
      </div>
    </section>
  );
}

/** `resumeFor`: the resume page, cropping the photo to this plan's rule. */
function ApplyForm({ postId, photoRule, resumeFor }: { postId: number; photoRule: PhotoRule; resumeFor: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resume = useSiteQuery(candidateResume, {});
  const [pledged, setPledged] = useState(false);
  const [pledgeError, setPledgeError] = useState(false);
  const id = useId();
  const apply = useMutation<MyApplicationRow, SiteError>({
    mutationFn: () => callSite(candidateApply, { recruitmentId: postId }),
    onSuccess: async (row) => {
      await showApplication(queryClient, row);
      void navigate(myApplicationPath(row.id));
    },
    // Applied meanwhile (another tab): the page then shows that application.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeyOf(myApplications) }),
  });

  if (resume.isError) return <LoadFailed error={resume.error} onRetry={() => void resume.refetch()} />;
  if (!resume.data) return <Loading what="简历" />;
  const summary = resumeSummaryOf(resume.data.resume);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pledged) return setPledgeError(true);
    apply.mutate();
  };

  return (
    <>
      <section className="site-card" aria-labelledby={`${id}-resume`}>
        <h2 id={`${id}-resume`} className="me-card-title">
          报名简历
        </h2>
        {summary.realName || summary.identityNo ? (
          <div className="me-resume">
            {summary.photo ? (
              <img className="me-photo" src={summary.photo} alt="证件照" width={88} height={123} />
            ) : (
              <span className="me-photo me-photo-missing">未上传证件照</span>
            )}
            <dl className="site-facts me-tight">
              <dt>姓名</dt>
              <dd>{summary.realName || '未填写'}</dd>
              <dt>证件号码</dt>
              <dd>{summary.identityNo || '未填写'}</dd>
              <dt>手机号码</dt>
              <dd>{summary.phone || '未填写'}</dd>
            </dl>
          </div>
        ) : (
          <p>您还没有填写简历，请先完善简历再报名。</p>
        )}
        <p className="site-muted">本计划证件照要求：{photoRuleText(photoRule)}。</p>
        <p className="site-muted">报名时以简历当前保存的内容提交，请确认信息无误。</p>
        <Link className="site-button me-button-link" to={resumeFor}>
          修改简历
        </Link>
      </section>

      <form className="site-card" noValidate onSubmit={submit} aria-labelledby={`${id}-pledge-title`}>
        <h2 id={`${id}-pledge-title`} className="me-card-title">
          提交报名
        </h2>
        <label className="me-check">
          <input
            type="checkbox"
            checked={pledged}
            required
            aria-invalid={pledgeError && !pledged}
            aria-describedby={pledgeError && !pledged ? `${id}-pledge-error` : undefined}
            onChange={(event) => {
              setPledged(event.currentTarget.checked);
              setPledgeError(false);
            }}
          />
          <span>本人承诺所填信息真实准确（诚信承诺）</span>
        </label>
        {pledgeError && !pledged ? (
          <p id={`${id}-pledge-error`} className="me-error" role="alert">
            请先勾选诚信承诺
          </p>
        ) : null}
        {apply.isError ? (
          <div className="me-error" role="alert">
            <p>{apply.error.message}</p>
            {isResumeIncomplete(apply.error.message) ? (
              <p>
                <Link to={resumeFor}>去完善简历</Link>
              </p>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="site-button site-button-primary me-submit" disabled={apply.isPending}>
          {apply.isPending ? '正在提交…' : '提交报名'}
        </button>
      </form>
    </>
  );
}
