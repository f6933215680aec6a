import { Button, Card, theme, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { zh } from '../../i18n/zh-CN';
import { layout, palette } from '../../theme';

const c = zh.agreement;

/** /agreement: the user agreement and privacy notice (no nav or footer, spec §2). */
export function AgreementPage() {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <main style={{ minHeight: '100vh', background: palette.layoutBg, padding: layout.gutter }}>
      <Card style={{ maxWidth: layout.readingMaxWidth, margin: '0 auto' }}>
        <article>
          <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading2 }}>
            {c.title}
          </Typography.Title>
          <Typography.Text type="secondary">{c.updated}</Typography.Text>
          <Typography.Paragraph style={{ marginTop: layout.gutter }}>{c.intro}</Typography.Paragraph>
          {c.sections.map((s) => (
            <section key={s.title}>
              <Typography.Title level={3}>{s.title}</Typography.Title>
              <ol>
                {s.items.map((item) => (
                  <li key={item}>
                    <Typography.Paragraph>{item}</Typography.Paragraph>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </article>
        <Button type="primary" onClick={() => void navigate('/')}>
          {zh.common.backHome}
        </Button>
      </Card>
    </main>
  );
}
