import { type FormEvent, type InputHTMLAttributes, useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  type CandidateSitePost, PLAN_EXAM_MODES, PLAN_SIGN_UP_PHASES, candidateApplyPath, candidateCompanyPath,
  candidatePlanDetail, candidatePostList, photoRuleText,
} from '@zhaokao/contracts';
import { Empty, LoadFailed, Loading, SitePage } from './parts';
import { useSiteQuery } from './site-api';
import { POST_PAGE_SIZE, postFiltersOf, withPostFilters } from './post-filters';

/** 计划页 (a recruitment poster leads here): dates, phase, notices with attachments, and the posts with live counts. */
export function PlanPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const planId = Number(params.planId);
  const detail = useSiteQuery(candidatePlanDetail, { companyId, planId });
  if (detail.isPending) {
    return (
      <SitePage title="招录计划">
        <Loading what="招录计划" />
      </SitePage>
    );
  }
  if (detail.isError) {
    return (
      <SitePage title="招录计划">
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
      </SitePage>
    );
  }
  const { company, plan, notices, educations } = detail.data;
  const feeTiming = plan.feeAfterReview ? `审核通过后 ${plan.feePayDays} 天内缴费` : '报名时缴费';
  const fee = Number(plan.registrationFeeY) > 0 ? `¥${plan.registrationFeeY}（${feeTiming}）` : '免费';
  return (
    <SitePage companyId={company.id} companyName={company.name} title={plan.name}>
      <section className="site-card" aria-labelledby="plan-name">
        <h1 id="plan-name" className="site-title">
          {plan.name}
        </h1>
        <p>
          <span className={`site-badge site-badge-${plan.phase}`}>{PLAN_SIGN_UP_PHASES[plan.phase]}</span>
        </p>
        <dl className="site-facts">
          <dt>报名时间</dt>
          <dd>
            {plan.signUpStartDate} 至 {plan.signUpEndDate}
          </dd>
          {plan.examMode !== 'direct' && plan.examMode !== 'interview' && plan.writtenStartDate ? (
            <>
              <dt>笔试时间</dt>
              <dd>{plan.writtenStartDate}</dd>
            </>
          ) : null}
          {plan.writtenExamAddress && plan.examMode === 'full' ? (
            <>
              <dt>笔试地点</dt>
              <dd>{plan.writtenExamAddress}</dd>
            </>
          ) : null}
          {plan.examMode !== 'direct' && plan.auditionStartDate ? (
            <>
              <dt>面试时间</dt>
              <dd>{plan.auditionStartDate}</dd>
            </>
          ) : null}
          {plan.auditionExamAddress && plan.examMode !== 'direct' ? (
            <>
              <dt>面试地点</dt>
              <dd>{plan.auditionExamAddress}</dd>
            </>
          ) : null}
          <dt>报名费</dt>
          <dd>{fee}</dd>
          <dt>照片要求</dt>
          <dd>{photoRuleText(plan.photoRule)}</dd>
          <dt>考试方式</dt>
          <dd>{PLAN_EXAM_MODES[plan.examMode]}</dd>
          <dt>岗位与人数</dt>
          <dd>
            {plan.postCount} 个岗位，招录 {plan.places} 人
          </dd>
        </dl>
        {plan.remark ? <p className="site-text">{plan.remark}</p> : null}
      </section>

      <section aria-labelledby="plan-notices-heading">
        <h2 id="plan-notices-heading" className="site-heading">
          计划公告
        </h2>
        {notices.list.length === 0 ? (
          <Empty>暂无公告</Empty>
        ) : (
          <ul className="site-list site-feed">
            {notices.list.map((row) => (
              <li key={row.id} className="site-feed-item">
                <Link className="site-feed-link" to={`${candidateCompanyPath(company.id)}/publications/${row.id}`}>
                  {row.top ? <span className="site-badge site-badge-top">置顶</span> : null}
                  <span className="site-feed-title">{row.title}</span>
                  <time className="site-muted">{row.publishedAt}</time>
                </Link>
                {row.attachments.length > 0 ? (
                  <ul className="site-attachments" aria-label={`${row.title}的附件`}>
                    {row.attachments.map((file) => (
                      <li key={file.id}>
                        <a href={file.url} target="_blank" rel="noopener">
                          附件：{file.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <Posts companyId={companyId} planId={planId} educations={educations} signUpOpen={plan.phase === 'open'} />
    </SitePage>
  );
}

/** A typed condition of the post search, with its label. */
function FilterInput({ formId, label, name, ...input }: InputHTMLAttributes<HTMLInputElement> & { formId: string; label: string; name: string }) {
  const id = `${formId}-${name}`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} className="form-input" maxLength={50} {...input} />
    </>
  );
}

function Posts({
  companyId,
  planId,
  educations,
  signUpOpen,
}: {
  companyId: number;
  planId: number;
  educations: string[];
  signUpOpen: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = postFiltersOf(searchParams);
  const posts = useSiteQuery(
    candidatePostList,
    { companyId, planId, ...filters, pageSize: POST_PAGE_SIZE },
    { keepPrevious: true },
  );
  const formId = useId();

  const apply = (changes: Partial<typeof filters>) =>
    setSearchParams(withPostFilters(searchParams, { ...filters, pageNum: 1, ...changes }), { replace: false });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    apply({
      keyword: String(form.get('keyword') ?? '').trim(),
      education: String(form.get('education') ?? ''),
      major: String(form.get('major') ?? '').trim(),
    });
  };

  const total = posts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / POST_PAGE_SIZE));
  const filtered = Boolean(filters.keyword || filters.education || filters.major);

  return (
    <section aria-labelledby="posts-heading">
      <h2 id="posts-heading" className="site-heading">
        招录岗位
      </h2>
      {/* The key resets the fields when the address changes (back button, a shared link). */}
      <form key={searchParams.toString()} className="site-filters" role="search" aria-label="查找岗位" onSubmit={onSubmit}>
        <FilterInput formId={formId} label="岗位或部门" name="keyword" type="search" defaultValue={filters.keyword} placeholder="输入岗位名称或部门" enterKeyHint="search" />
        <label htmlFor={`${formId}-education`}>学历</label>
        <select
          id={`${formId}-education`}
          name="education"
          className="form-input"
          defaultValue={filters.education}
          onChange={(event) => apply({ education: event.currentTarget.value })}
        >
          <option value="">不限</option>
          {educations.map((education) => (
            <option key={education} value={education}>
              {education}
            </option>
          ))}
          {filters.education && !educations.includes(filters.education) ? (
            <option value={filters.education}>{filters.education}</option>
          ) : null}
        </select>
        <FilterInput formId={formId} label="专业" name="major" type="text" defaultValue={filters.major} placeholder="如：会计学" />
        <div className="site-filter-actions">
          <button type="submit" className="site-button site-button-primary">
            查询
          </button>
          {filtered ? (
            <button type="button" className="site-button" onClick={() => setSearchParams(withPostFilters(searchParams, null))}>
              清除条件
            </button>
          ) : null}
        </div>
      </form>

      {posts.isPending ? <Loading what="岗位" /> : null}
      {posts.isError ? <LoadFailed error={posts.error} onRetry={() => void posts.refetch()} /> : null}
      {posts.data ? (
        <>
          <p className="site-muted" role="status" aria-live="polite">
            {posts.isFetching ? '正在查询…' : `共 ${total} 个岗位`}
          </p>
          {posts.data.list.length === 0 && filters.pageNum > 1 ? (
            <div className="site-state">
              <p>这一页没有岗位</p>
              <button type="button" className="site-button" onClick={() => apply({})}>
                回到第一页
              </button>
            </div>
          ) : posts.data.list.length === 0 ? (
            <Empty>{filtered ? '没有符合条件的岗位，请换个条件试试' : '该计划暂无岗位'}</Empty>
          ) : (
            <ul className="site-list site-posts">
              {posts.data.list.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} applyTo={signUpOpen && !post.cancelled ? candidateApplyPath(companyId, planId, post.id) : undefined} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav className="site-pager" aria-label="岗位分页">
              <button
                type="button"
                className="site-button"
                disabled={filters.pageNum <= 1}
                onClick={() => apply({ ...filters, pageNum: filters.pageNum - 1 })}
              >
                上一页
              </button>
              <span aria-current="page">
                第 {filters.pageNum} / {pages} 页
              </span>
              <button
                type="button"
                className="site-button"
                disabled={filters.pageNum >= pages}
                onClick={() => apply({ ...filters, pageNum: filters.pageNum + 1 })}
              >
                下一页
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** `applyTo`: the post's 报名 page, while sign-up is open. */
function PostCard({ post, applyTo }: { post: CandidateSitePost; applyTo?: string }) {
  const requirements: [string, string][] = [
    ['学历要求', post.education],
    ['工作经验', post.workExperience],
    ['岗位职责', post.jobDescription],
    ['任职要求', post.skillsRequired],
    ['薪资待遇', post.salary],
    ['工作地点', post.fixedAddress],
    ['报考说明', post.candidateRemark],
  ];
  return (
    <article className="site-card site-post" aria-labelledby={`post-${post.id}`}>
      <h3 id={`post-${post.id}`} className="site-post-title">
        {post.jobVacancy}
        {post.cancelled ? <span className="site-badge site-badge-closed">已取消</span> : null}
      </h3>
      <p className="site-muted">
        {post.departmentName ? `${post.departmentName} · ` : ''}招录 {post.places} 人
      </p>
      <dl className="site-counts">
        <div>
          <dt>报名人数</dt>
          <dd>{post.applicationCount}</dd>
        </div>
        <div>
          <dt>审核通过人数</dt>
          <dd>{post.passedCount}</dd>
        </div>
      </dl>
      <dl className="site-facts">
        {requirements
          .filter(([, value]) => value.trim() !== '')
          .map(([label, value]) => (
            <div key={label} className="site-fact">
              <dt>{label}</dt>
              <dd className="site-text">{value}</dd>
            </div>
          ))}
      </dl>
      {applyTo ? (
        <Link className="site-button site-button-primary me-button-link" to={applyTo} aria-label={`报名此岗位：${post.jobVacancy}`}>
          报名此岗位
        </Link>
      ) : null}
    </article>
  );
}
