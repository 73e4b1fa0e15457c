import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { candidateCompanyPath } from '@zhaokao/contracts';
import type { SiteError } from './site-api';

/** The page frame: a header with the company's name (a link to its page) and one readable column. */
export function SitePage({
  companyId,
  companyName,
  title,
  children,
}: {
  companyId?: number;
  companyName?: string;
  /** The document title's first part; the site's name follows. */
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <title>{`${title} - 招考报名`}</title>
      <header className="site-header">
        <div className="site-column">
          {companyId !== undefined && companyName ? (
            <Link className="site-brand" to={candidateCompanyPath(companyId)}>
              {companyName}
            </Link>
          ) : (
            <span className="site-brand">招考报名</span>
          )}
        </div>
      </header>
      <main className="site-column site-main">{children}</main>
    </>
  );
}

export function Loading({ what = '内容' }: { what?: string }) {
  return (
    <p className="site-state" role="status" aria-live="polite">
      正在加载{what}…
    </p>
  );
}

export function LoadFailed({ error, onRetry }: { error: SiteError | null; onRetry?: () => void }) {
  return (
    <div className="site-state site-state-error" role="alert">
      <p>{error?.message ?? '加载失败，请稍后再试'}</p>
      {onRetry && error?.code !== 404 ? (
        <button type="button" className="site-button" onClick={onRetry}>
          重新加载
        </button>
      ) : null}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="site-state site-empty">{children}</p>;
}

/** A page under /apply the site has no route for. */
export function NotFoundPage() {
  return (
    <SitePage title="页面不存在">
      <div className="site-state">
        <h1 className="site-title">页面不存在</h1>
        <p>请检查链接是否完整，或重新扫描单位的二维码。</p>
      </div>
    </SitePage>
  );
}
