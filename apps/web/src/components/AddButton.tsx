import type { Permission as PermissionCode } from '@zhaokao/contracts';
import { Button } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Permission } from './Permission';

/** A page's primary 添加… button, shown only to a user holding one of `anyOf`. */
export function AddButton({
  anyOf,
  icon,
  style,
  onClick,
  children,
}: {
  anyOf: readonly PermissionCode[];
  icon?: ReactNode;
  style?: CSSProperties;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Permission anyOf={anyOf}>
      <Button type="primary" icon={icon} style={style} onClick={onClick}>
        {children}
      </Button>
    </Permission>
  );
}
