import { Alert } from 'antd';

/** Issue 10: prices are shown without tax. */
export function TaxNotice() {
  return <Alert type="info" showIcon style={{ marginBottom: 16 }} title="以上价格均不含税，如需发票请在支付后到“申请发票”中申请。" />;
}
