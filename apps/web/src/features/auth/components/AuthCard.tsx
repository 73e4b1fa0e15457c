import { PRODUCT_TITLE } from '@zhaokao/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { useSettings } from '../../../lib/settings';

interface Props {
  title?: string;
  subtitle?: string;
  logo?: string;
  background?: string;
  children: ReactNode;
}

/** The framed card login and password recovery share; plain markup, so the login page needs no antd. */
export function AuthCard({ title, subtitle, logo, background, children }: Props) {
  const { theme } = useSettings();
  const style = { '--zk-primary': theme, ...(background ? { backgroundImage: `url("${background}")` } : {}) } as CSSProperties;
  return (
    <main className="login-page" style={style}>
      <section className="login-card">
        <div className="login-head">
          <img src={logo || '/logo.svg'} alt="" width={48} height={48} />
          <h1>{title || PRODUCT_TITLE}</h1>
          {subtitle && <p className="login-subtitle">{subtitle}</p>}
        </div>
        {children}
      </section>
    </main>
  );
}
