import { Typography } from 'antd';
import { Link } from 'react-router';
import { getDeviceId } from '../../api/storage';
import { siteConfig } from '../../config';
import { zh } from '../../i18n/zh-CN.core';

const d = zh.dialogs;

/** Footer "contact us": the configured support contacts and the device id support will ask for. */
export function ContactBody({ onNavigate }: { onNavigate: () => void }) {
  const { contactEmail, contactWechat } = siteConfig;
  return (
    <>
      {contactEmail || contactWechat ? (
        <>
          <Typography.Paragraph>{d.contactIntro}</Typography.Paragraph>
          <ul>
            {contactEmail && (
              <li>
                {d.contactEmail}：<a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </li>
            )}
            {contactWechat && (
              <li>
                {d.contactWechat}：<Typography.Text copyable>{contactWechat}</Typography.Text>
              </li>
            )}
          </ul>
        </>
      ) : (
        <Typography.Paragraph>{d.contactUnset}</Typography.Paragraph>
      )}
      <Typography.Paragraph>
        {d.contactDevice}
        <br />
        <Typography.Text code copyable>
          {getDeviceId()}
        </Typography.Text>
      </Typography.Paragraph>
      <Link to="/debug" onClick={onNavigate}>
        {d.contactDebug}
      </Link>
    </>
  );
}

/** Spec §2 login hint: use a proxy abroad, use a desktop browser. */
export function LoginHintBody() {
  return (
    <ol>
      {d.loginHintTips.map((tip) => (
        <li key={tip}>
          <Typography.Paragraph>{tip}</Typography.Paragraph>
        </li>
      ))}
    </ol>
  );
}
