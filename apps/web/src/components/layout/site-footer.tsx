import { Button, Layout, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { zh } from '../../i18n/zh-CN.core';
import { openDialog } from '../../state/ui';
import { layout } from '../../theme';

const f = zh.footer;

/** Spec §2 footer: user notice, contact-us dialog, membership-rights dialog (the live quotas and prices). */
export function SiteFooter() {
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: layout.gutterLarge }}>
      <Space
        wrap
        separator={<Typography.Text type="secondary">·</Typography.Text>}
        style={{ justifyContent: 'center' }}
      >
        <Link to="/agreement">{f.agreement}</Link>
        <Button type="link" onClick={() => openDialog({ kind: 'contact' })} style={{ padding: 0 }}>
          {f.contact}
        </Button>
        <Button type="link" onClick={() => openDialog({ kind: 'rights' })} style={{ padding: 0 }}>
          {f.rights}
        </Button>
      </Space>
      <div>
        <Typography.Text type="secondary">{f.copyright(new Date().getFullYear())}</Typography.Text>
      </div>
    </Layout.Footer>
  );
}
