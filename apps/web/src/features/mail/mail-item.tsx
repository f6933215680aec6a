import type { Mail } from '@gre/contracts';
import { DownOutlined, RightOutlined, UpOutlined } from '@ant-design/icons';
import { Button, List, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { shanghaiDateTime } from '../../components/format';
import { zh } from '../../i18n/zh-CN';
import { MailHtml } from './mail-html';
import { inAppPath } from './mail-queries';

const p = zh.mail.page;

/**
 * One mail. A reminder is a line of plain text shown in full: a click marks it read and opens its link. A notice or a
 * reply carries rich text: a click marks it read and unfolds it, with its link (if any) as a button under the text.
 */
export function MailItem({ mail, onRead }: { mail: Mail; onRead: (mail: Mail) => void }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = mail.status === 'Inbox';
  const link = inAppPath(mail.link);
  const plain = mail.race === 'remind';
  const bodyId = `gm-mail-body-${mail.id}`;

  const onClick = () => {
    if (unread) onRead(mail);
    if (plain) {
      if (link) void navigate(link);
    } else setOpen((o) => !o);
  };

  return (
    <List.Item className={`gm-mail${unread ? ' gm-unread' : ''}`}>
      <button
        type="button"
        className="gm-mail-head"
        onClick={onClick}
        aria-expanded={plain ? undefined : open}
        aria-controls={plain ? undefined : bodyId}
      >
        <span className="gm-mail-line">
          {unread && (
            <Tag color="blue" className="gm-status">
              {p.unread}
            </Tag>
          )}
          <span className="gm-subject">{mail.subject}</span>
          <time className="gm-time" dateTime={new Date(mail.created_stamp * 1000).toISOString()}>
            {shanghaiDateTime(mail.created_stamp)}
          </time>
          <span className="gm-chevron" aria-hidden>
            {plain ? link && <RightOutlined /> : open ? <UpOutlined /> : <DownOutlined />}
          </span>
        </span>
        {plain && mail.content && <span className="gm-text">{mail.content}</span>}
      </button>
      {!plain && open && (
        <div id={bodyId} className="gm-mail-body">
          <MailHtml html={mail.content} />
          {link && (
            <Button type="primary" icon={<RightOutlined />} iconPlacement="end" onClick={() => void navigate(link)}>
              {p.open}
            </Button>
          )}
        </div>
      )}
    </List.Item>
  );
}
