import { Link } from 'react-router';
import { myApplications } from '@zhaokao/contracts';
import { Empty, LoadFailed, Loading } from '../parts';
import { useSiteQuery } from '../site-api';
import { feeText, isReturned, myApplicationPath } from './application-actions';

/** 我的报名 (/apply/me): each application as a card leading to its page. */
export function MyApplicationsPage() {
  const applications = useSiteQuery(myApplications, {});
  return (
    <>
      <title>我的报名 - 招考报名</title>
      <h1 className="site-title">我的报名</h1>
      {applications.isPending ? <Loading what="报名记录" /> : null}
      {applications.isError ? <LoadFailed error={applications.error} onRetry={() => void applications.refetch()} /> : null}
      {applications.data?.length === 0 ? (
        <Empty>
          您还没有报名。请通过招聘单位的二维码或招考公告中的链接进入招录计划，选择岗位后点击“报名此岗位”。
        </Empty>
      ) : null}
      {applications.data && applications.data.length > 0 ? (
        <ul className="site-list">
          {applications.data.map((application) => (
            <li key={application.id}>
              <Link className="site-card site-link-card" to={myApplicationPath(application.id)}>
                <span className="site-link-title">{application.jobVacancy}</span>
                <span className="site-muted">
                  {application.companyName} · {application.planName}
                </span>
                <span className={isReturned(application.status) ? 'me-status me-status-returned' : 'me-status'}>
                  {application.statusText}
                </span>
                <span className="me-card-meta">
                  <span>报名费：{feeText(application.fee)}</span>
                  <span className="site-muted">报名时间 {application.createdAt}</span>
                </span>
                <span className="me-more" aria-hidden="true">
                  查看详情 ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
