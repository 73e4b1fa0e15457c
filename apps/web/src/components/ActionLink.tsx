import { Typography } from 'antd';
import type { ComponentProps, MouseEvent } from 'react';

type Props = Omit<ComponentProps<typeof Typography.Link>, 'href'>;

/**
 * A link that acts on the page (编辑, 删除, 岗位详情…). Its `href` keeps it in the keyboard's tab order and lets Enter
 * press it; the click itself never navigates.
 */
export function ActionLink({ onClick, ...rest }: Props) {
  return (
    <Typography.Link
      href="#"
      {...rest}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onClick?.(event);
      }}
    />
  );
}
