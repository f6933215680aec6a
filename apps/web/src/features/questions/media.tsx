import type { QuestionView as QuestionData } from '@gre/contracts';
import { zh } from '../../i18n/zh-CN.study';
import { RichText } from './rich-text';

const c = zh.questions;

type Media = QuestionData['media'][number];

/**
 * SVG figures go through an <img> data URL: the browser renders them as images, so a script or event handler inside
 * the SVG can never run, whatever the content holds.
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The figure's drawn size from its width/height attributes, so it is not stretched; null lets CSS decide. */
function svgWidth(svg: string): number | null {
  const m = /<svg\b[^>]*?\bwidth="(\d+(?:\.\d+)?)"/.exec(svg);
  return m ? Number(m[1]) : null;
}

function DataTable({ media }: { media: Extract<Media, { kind: 'table' }> }) {
  return (
    <div className="gq-table-wrap">
      <table className="gq-table">
        {media.caption && (
          <caption>
            <RichText text={media.caption} inline lang="en" />
          </caption>
        )}
        <thead>
          <tr>
            {media.header.map((h, i) => (
              <th key={i} scope="col">
                <RichText text={h} inline lang="en" />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {media.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    <RichText text={cell} inline lang="en" />
                  </th>
                ) : (
                  <td key={i}>
                    <RichText text={cell} inline lang="en" />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A question's figures and tables, in content order. */
export function MediaList({ media }: { media: QuestionData['media'] }) {
  if (!media.length) return null;
  return (
    <div className="gq-media">
      {media.map((m, i) =>
        m.kind === 'svg' ? (
          <figure key={i} className="gq-figure" aria-label={c.figureLabel(i + 1)}>
            <img src={svgDataUrl(m.svg)} alt={m.alt} width={svgWidth(m.svg) ?? undefined} />
          </figure>
        ) : (
          <DataTable key={i} media={m} />
        ),
      )}
    </div>
  );
}
