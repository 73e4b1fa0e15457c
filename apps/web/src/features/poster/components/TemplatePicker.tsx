import { POSTER_TEMPLATES, type PosterTemplateId } from '@zhaokao/contracts';
import { Radio } from 'antd';
import './poster.css';

/** The poster templates as small pictures of their colours, one chosen. */
export function TemplatePicker({ value, onChange }: { value: PosterTemplateId; onChange(id: PosterTemplateId): void }) {
  return (
    <Radio.Group aria-label="海报模板" className="poster-templates" value={value} onChange={(e) => onChange(e.target.value as PosterTemplateId)}>
      {POSTER_TEMPLATES.map((t) => (
        <Radio key={t.id} value={t.id} className="poster-template">
          <span className="poster-template-body">
            <span className="poster-template-card" aria-hidden style={{ background: t.background, borderColor: value === t.id ? t.accent : undefined }}>
              <span className="poster-template-band" style={{ background: t.accent }} />
              <span className="poster-template-row" style={{ background: t.tint }} />
              <span className="poster-template-row" style={{ background: t.tint }} />
            </span>
            <span className="poster-template-name">{t.name}</span>
          </span>
        </Radio>
      ))}
    </Radio.Group>
  );
}
