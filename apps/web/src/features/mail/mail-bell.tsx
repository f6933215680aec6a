import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { mailCopy } from '../../i18n/zh-CN.mail';
import { useUnreadCount } from './mail-queries';
import './mail-bell.css';

const b = mailCopy.badge;

/** The nav's way to /mail: a bell with the unread count (none at 0), named with the count for screen readers. */
export function MailBell() {
  const unread = useUnreadCount();
  return (
    <Link to="/mail" className="gm-bell" aria-label={b.label(unread)} title={b.label(unread)}>
      <Badge count={unread} size="small" overflowCount={99} aria-hidden>
        <BellOutlined className="gm-bell-icon" />
      </Badge>
    </Link>
  );
}

/** The 站内信 nav item's label with its unread count beside it. */
export function MailNavLabel({ label }: { label: string }) {
  const unread = useUnreadCount();
  return (
    <span className="gm-nav-label">
      {label}
      {unread > 0 && (
        <>
          <Badge count={unread} size="small" overflowCount={99} aria-hidden />
          <span className="gm-sr">{b.unread(unread)}</span>
        </>
      )}
    </span>
  );
}
