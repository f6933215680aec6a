import { mailCalls, type CallRequest } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import { shanghaiDateTime } from '../../components/format';
import { zh } from '../../i18n/zh-CN';
import { useCurrentUser } from '../auth';
import { MailHtml } from './mail-html';
import { inAppPath, mailKeys } from './mail-queries';
import './mail.css';

const t = zh.mail.notice;

type NoticeRequest = CallRequest<typeof mailCalls.getNotice>;

/** The link's parts as get_notice takes them, or null when they cannot be a notice link (no call is made then). */
export function noticeRequest(params: Record<string, string | undefined>): NoticeRequest | null {
  const parsed = mailCalls.getNotice.request.safeParse({
    user_id: /^\d{1,15}$/.test(params.userID ?? '') ? Number(params.userID) : null,
    id: /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : null,
    token: params.token,
  });
  return parsed.success ? parsed.data : null;
}

function NotFound() {
  return <Result status="404" title={t.notFound} subTitle={t.notFoundHint} extra={<Actions />} />;
}

/** Where to go next: log in when logged out, the inbox when logged in. */
function Actions({ link = null }: { link?: string | null }) {
  const user = useCurrentUser();
  const target = inAppPath(link);
  return (
    <div className="gm-notice-actions">
      {user ? (
        <>
          {target && (
            <Link to={target}>
              <Button type="primary">{t.open}</Button>
            </Link>
          )}
          <Link to="/mail">
            <Button type={target ? 'default' : 'primary'}>{t.toMail}</Button>
          </Link>
        </>
      ) : (
        <Link to="/login">
          <Button type="primary">{t.login}</Button>
        </Link>
      )}
    </div>
  );
}

/** /notice/{userID}/{id}/{token}: one notice by its link, readable without logging in. */
export function NoticePage() {
  const request = noticeRequest(useParams());
  const { data, error, isPending, refetch } = useQuery({
    queryKey: request ? mailKeys.notice(request.user_id, request.id, request.token) : mailKeys.notice(0, 0, ''),
    queryFn: () => call(mailCalls.getNotice, request!, { quiet: true }),
    enabled: request !== null,
    meta: { handlesErrors: true },
  });

  if (request === null) return <NotFound />;
  if (error) {
    // Wrong token, another user's id, a notice that does not exist: the server answers not_found for all of them.
    if (error instanceof ApiError && (error.kind === 'not_found' || error.kind === 'invalid_input'))
      return <NotFound />;
    return (
      <Result
        status="warning"
        title={t.failed}
        extra={<Button onClick={() => void refetch()}>{zh.common.retry}</Button>}
      />
    );
  }
  return (
    <Card className="gm-notice">
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <article>
          <Typography.Text type="secondary">{t.title}</Typography.Text>
          <Typography.Title level={3} style={{ marginTop: 4 }}>
            {data.subject}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t.published(shanghaiDateTime(data.created_stamp))}
          </Typography.Paragraph>
          <MailHtml html={data.content} />
          <Actions link={data.link} />
        </article>
      )}
    </Card>
  );
}
