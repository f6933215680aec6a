import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useNavigate, useRevalidator } from 'react-router';

/** A way back from a page that loads before display (a video, a report) to the list it was opened from. */
export function BackLink({ to, label, className }: { to: string; label: string; className?: string }) {
  const navigate = useNavigate();
  return (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      onClick={() => void navigate(to)}
      className={className}
      style={{ paddingInline: 0 }}
    >
      {label}
    </Button>
  );
}

/** A loader that failed (network, server): say so, offer the way back and a retry that runs the loader again. */
export function LoaderFailed({
  title,
  body,
  retry,
  back,
}: {
  title: string;
  body: string;
  retry: string;
  back: React.ReactNode;
}) {
  const revalidator = useRevalidator();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={body}
      extra={
        <Space wrap>
          {back}
          <Button
            type="primary"
            loading={revalidator.state === 'loading'}
            onClick={() => void revalidator.revalidate()}
          >
            {retry}
          </Button>
        </Space>
      }
    />
  );
}
