import { Avatar } from 'antd';
import { type BrandLook, DEFAULT_LOGO, useBrand } from './use-brand';

interface Props {
  collapsed?: boolean;
  light?: boolean;
}

export function Brand(props: Props) {
  return <BrandView brand={useBrand()} {...props} />;
}

/** The brand as given, for a page without a session user to ask about (see SessionEndedFrame). */
export function BrandView({ brand, collapsed = false, light = false }: Props & { brand: BrandLook }) {
  const logo = brand.logo ? (
    <img src={brand.logo || DEFAULT_LOGO} alt={brand.custom ? `${brand.title}标志` : '默认标志'} width={28} height={28} />
  ) : (
    <Avatar size={28} style={{ background: '#1f6fd1', flex: 'none' }} aria-label={`${brand.title}标志`}>
      {brand.title.slice(0, 1)}
    </Avatar>
  );
  return (
    <div className={`brand ${light ? 'brand-light' : ''}`} data-testid="brand">
      {logo}
      {!collapsed && <span className="brand-title">{brand.title}</span>}
    </div>
  );
}
