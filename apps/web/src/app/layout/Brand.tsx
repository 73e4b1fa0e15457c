import { Avatar } from 'antd';
import { DEFAULT_LOGO, useBrand } from './use-brand';

export function Brand({ collapsed = false, light = false }: { collapsed?: boolean; light?: boolean }) {
  const brand = useBrand();
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
