import { Button, Layout, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { endSessionQuietly } from '../../lib/api-client';
import { markSignedOut } from '../../lib/signed-in';
import { loginPathFor } from '../login-path';
import { AppFooter } from './AppFooter';
import { BrandView } from './Brand';
import { PRODUCT_BRAND } from './use-brand';

/**
 * The session was already over as the page loaded: SPEC §8's 确认注销 dialog opens over the layout's frame, and
 * after 关闭 the frame stays with a way to sign in again. Without a user there are no menus to show. Nothing in it
 * may ask for the session user: each new observer of the failed query would fetch it again.
 * Loaded only when needed (antd's Result is large), so the signed-in layout does not carry it.
 */
export default function SessionEndedFrame({ message }: { message: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Layout className="app-layout">
      <Layout>
        <header className="app-header">
          <div className="navbar">
            <BrandView brand={PRODUCT_BRAND} />
          </div>
        </header>
        <Layout.Content className="app-main">
          <Result
            status="warning"
            title="登录状态已失效"
            subTitle={message}
            extra={
              <Button
                type="primary"
                onClick={async () => {
                  await endSessionQuietly();
                  markSignedOut();
                  navigate(loginPathFor(location), { replace: true });
                }}
              >
                重新登录
              </Button>
            }
          />
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
