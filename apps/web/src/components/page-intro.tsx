import { Typography } from 'antd';
import type { ReactNode } from 'react';
import './page-intro.css';

/** A page's title and one line of what it is for, with room for a control beside them (bank, personal and exam pages). */
export function PageIntro({ title, intro, extra }: { title: string; intro: string; extra?: ReactNode }) {
  return (
    <div className="gb-intro">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {extra}
    </div>
  );
}
