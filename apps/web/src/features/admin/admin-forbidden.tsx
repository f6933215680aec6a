import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { zh } from '../../i18n/zh-CN';

/** What a logged-in non-admin sees on an admin page: the server refuses its calls anyway. */
export function AdminForbidden() {
  return (
    <Result
      status="403"
      title="403"
      subTitle={zh.admin.forbidden}
      extra={
        <Link to="/">
          <Button type="primary">{zh.common.backHome}</Button>
        </Link>
      }
    />
  );
}
