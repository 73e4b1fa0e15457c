import { Link, useParams } from 'react-router';
import { candidateCompanyPath, candidatePlanPath, candidatePublicationDetail } from '@zhaokao/contracts';
import { LoadFailed, Loading, SitePage } from './parts';
import { useSiteQuery } from './site-api';

/** A published notice or news item: its HTML as the server stored it (sanitised there on saving). */
export function PublicationPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const detail = useSiteQuery(candidatePublicationDetail, { companyId, id: Number(params.id) });
  const back = (
    <p className="site-back">
      {detail.data?.planId ? (
        <Link to={candidatePlanPath(companyId, detail.data.planId)}>返回招录计划</Link>
      ) : (
        <Link to={candidateCompanyPath(companyId)}>返回单位主页</Link>
      )}
    </p>
  );
  if (detail.isPending) {
    return (
      <SitePage title="公告详情">
        <Loading />
      </SitePage>
    );
  }
  if (detail.isError) {
    return (
      <SitePage title="公告详情">
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
        {back}
      </SitePage>
    );
  }
  const item = detail.data;
  return (
    <SitePage title={item.title}>
      {back}
      <article className="site-card site-article" aria-labelledby="article-title">
        <h1 id="article-title" className="site-title">
          {item.title}
        </h1>
        <p className="site-muted">
          {item.kind === 'news' ? '新闻' : '公告'} · 发布于 <time>{item.publishedAt}</time>
        </p>
        {/* Sanitised by the server's allow-list when it was saved (publication/sanitize.ts). */}
        <div className="site-rich-text" dangerouslySetInnerHTML={{ __html: item.content }} />
        {item.attachments.length > 0 ? (
          <section aria-labelledby="article-files">
            <h2 id="article-files" className="site-subheading">
              附件
            </h2>
            <ul className="site-attachments">
              {item.attachments.map((file) => (
                <li key={file.id}>
                  <a href={file.url} target="_blank" rel="noopener">
                    {file.name}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </SitePage>
  );
}
