import { Typography } from 'antd';
import './rich-text.css';

/**
 * Published rich text as the server stored it. Give it only content the server has sanitised with its allow-list
 * (a notice's or news item's `content`, DESIGN §10): it is written into the page as HTML.
 */
export function RichTextView({ html, label }: { html: string; label?: string }) {
  return (
    <Typography>
      <div className="rich-text-content" role={label ? 'region' : undefined} aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
