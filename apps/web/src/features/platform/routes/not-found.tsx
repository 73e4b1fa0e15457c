import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PLATFORM_HOME } from '../components/platform-paths';

/** An address inside the operator's area that leads nowhere. */
export default function PlatformNotFound() {
  const navigate = useNavigate();
  return <Result status="404" title="页面不存在" extra={<Button onClick={() => navigate(PLATFORM_HOME)}>返回发票开具</Button>} />;
}
