import { Link, useParams } from 'react-router';
import {
  type CandidateSitePlan, type CandidateSitePublicationRow, PLAN_SIGN_UP_PHASES, type PlanSignUpPhase,
  candidateCompanyDetail, candidateCompanyPath, candidatePlanPath,
} from '@zhaokao/contracts';
import { Empty, LoadFailed, Loading, SitePage } from './parts';
import { useSiteQuery } from './site-api';

const PHASE_ORDER: PlanSignUpPhase[] = ['open', 'upcoming', 'closed'];

/** 单位主页 (the company QR code leads here): the company, its plans by sign-up phase, its notices and news. */
export function CompanyPage() {
  const companyId = Number(useParams().companyId);
  const detail = useSiteQuery(candidateCompanyDetail, { companyId });
  if (detail.isPending) {
    return (
      <SitePage title="单位主页">
        <Loading what="单位信息" />
      </SitePage>
    );
  }
  if (detail.isError) {
    return (
      <SitePage title="单位主页">
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
      </SitePage>
    );
  }
  const { company, plans, notices, news } = detail.data;
  return (
    <SitePage companyId={company.id} companyName={company.name} title={company.name}>
      <section className="site-card site-company" aria-labelledby="company-name">
        {company.logo ? <img className="site-logo" src={company.logo} alt={`${company.name}的标志`} /> : null}
        <div>
          <h1 id="company-name" className="site-title">
            {company.name}
          </h1>
          {company.industryName || company.address ? (
            <p className="site-muted">{[company.industryName, company.address].filter(Boolean).join(' · ')}</p>
          ) : null}
        </div>
        {company.introduce ? <p className="site-text">{company.introduce}</p> : null}
      </section>

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="site-heading">
          招录计划
        </h2>
        {plans.length === 0 ? <Empty>暂无已发布的招录计划</Empty> : null}
        {PHASE_ORDER.map((phase) => {
          const group = plans.filter((plan) => plan.phase === phase);
          if (group.length === 0) return null;
          return (
            <div key={phase} className="site-group">
              <h3 className="site-subheading">
                {PLAN_SIGN_UP_PHASES[phase]}（{group.length}）
              </h3>
              <ul className="site-list">
                {group.map((plan) => (
                  <li key={plan.id}>
                    <PlanLink companyId={company.id} plan={plan} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </section>

      <Feed companyId={company.id} heading="公示公告" id="notices" rows={notices.list} empty="暂无公告" />
      <Feed companyId={company.id} heading="新闻动态" id="news" rows={news.list} empty="暂无新闻" />
    </SitePage>
  );
}

function PlanLink({ companyId, plan }: { companyId: number; plan: CandidateSitePlan }) {
  return (
    <Link className="site-card site-link-card" to={candidatePlanPath(companyId, plan.id)}>
      <span className="site-link-title">{plan.name}</span>
      <span className={`site-badge site-badge-${plan.phase}`}>{PLAN_SIGN_UP_PHASES[plan.phase]}</span>
      <span className="site-muted">
        报名时间：{plan.signUpStartDate} 至 {plan.signUpEndDate}
      </span>
      <span className="site-muted">
        {plan.postCount} 个岗位，招录 {plan.places} 人
      </span>
    </Link>
  );
}

/** Notices or news: each title opens its page. */
export function Feed({
  companyId,
  heading,
  id,
  rows,
  empty,
}: {
  companyId: number;
  heading: string;
  id: string;
  rows: CandidateSitePublicationRow[];
  empty: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="site-heading">
        {heading}
      </h2>
      {rows.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <ul className="site-list site-feed">
          {rows.map((row) => (
            <li key={row.id}>
              <Link className="site-feed-link" to={`${candidateCompanyPath(companyId)}/publications/${row.id}`}>
                {row.top ? <span className="site-badge site-badge-top">置顶</span> : null}
                <span className="site-feed-title">{row.title}</span>
                <time className="site-muted">{row.publishedAt}</time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
