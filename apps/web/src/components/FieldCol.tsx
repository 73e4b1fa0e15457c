import { Col } from 'antd';
import type { ReactNode } from 'react';

/** How much of a form's `<Row>` a field takes on a wide screen; on a phone a half takes the whole row, a quarter half of it. */
export type FieldSpan = 'half' | 'quarter';

/** A field's column in a form's `<Row>`, or the field alone when it has no span. */
export function FieldCol({ span, children }: { span?: FieldSpan; children: ReactNode }) {
  if (span === 'half') return <Col xs={24} sm={12}>{children}</Col>;
  if (span === 'quarter') return <Col xs={12} sm={6}>{children}</Col>;
  return children;
}
