import { CrownOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { queryClient } from '../../api/query-client';
import { BackLink, LoaderFailed } from '../../components/loader-states';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { PracticeViewer } from '../bank';
import { RichText, useBankNames } from '../questions';
import { mediaKeys, videoLoader, type VideoData, type VideoLoaderData } from './media-queries';
import './media.css';

const v = zh.media.video;

function Back() {
  return <BackLink to="/download" label={v.back} className="gm-back" />;
}

function RelatedQuestion({ question, title }: { question: NonNullable<VideoData['question']>; title: string }) {
  const names = useBankNames();
  const [open, setOpen] = useState(false);
  return (
    <Card
      className="gm-question"
      size="small"
      title={
        <>
          <QuestionCircleOutlined aria-hidden /> {v.questionTitle}
        </>
      }
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Typography.Text strong>{question.brief}</Typography.Text>
        {question.accessable ? (
          <RichText text={question.preview} inline lang="en" className="gm-question-preview" />
        ) : (
          <Typography.Text type="secondary">{v.questionLocked}</Typography.Text>
        )}
        <Space wrap>
          <Tag>{names.kind(question.kind)}</Tag>
          <Tag color="blue">{names.difficulty(question.difficulty)}</Tag>
          <Button type="primary" onClick={() => setOpen(true)}>
            {v.practise}
          </Button>
        </Space>
      </Space>
      {open && (
        <PracticeViewer
          list={{ items: [question], bookId: null, title }}
          start={0}
          names={names}
          onClose={() => setOpen(false)}
        />
      )}
    </Card>
  );
}

function Player({ video }: { video: VideoData }) {
  const revalidator = useRevalidator();
  const renewed = useRef(false);
  // A page left open past the address's expiry gets 403 on its next range request: fetch a new address once.
  const onError = () => {
    if (renewed.current || Date.now() / 1000 < video.stream.expires_at - 60) return;
    renewed.current = true;
    queryClient.removeQueries({ queryKey: mediaKeys.video(video.video.id) });
    void revalidator.revalidate();
  };
  return (
    <video
      className="gm-player"
      controls
      preload="metadata"
      playsInline
      src={video.stream.url}
      aria-label={v.playerLabel(video.video.title)}
      onError={onError}
    >
      {v.noSupport}
    </video>
  );
}

function Watch({ video }: { video: VideoData }) {
  const m = zh.media.videos;
  const info = video.video;
  return (
    <div className="gm-watch">
      <Back />
      <div className="gm-watch-head">
        <Typography.Title level={3}>{info.title}</Typography.Title>
        <Space size={[4, 4]} wrap>
          <Tag color={info.kind === 'explanation' ? 'blue' : 'cyan'}>{m.kinds[info.kind]}</Tag>
          <Tag>{m.duration(info.duration_seconds)}</Tag>
          {info.min_role && <Tag color="gold">{m.needsRole(zh.bank.roles[info.min_role] ?? info.min_role)}</Tag>}
        </Space>
      </div>
      <Player key={video.stream.url} video={video} />
      <Typography.Paragraph className="gm-video-desc" style={{ marginTop: 12 }}>
        {info.description}
      </Typography.Paragraph>
      {video.question && <RelatedQuestion question={video.question} title={info.title} />}
    </div>
  );
}

/** Spec §2 video/{videoID}: loaded before display (videoLoader); the player streams the signed address with ranges. */
export function VideoPage() {
  const data = useLoaderData<VideoLoaderData>();
  switch (data.state) {
    case 'ok':
      return <Watch video={data.video} />;
    case 'not_found':
      return <Result status="404" title={v.notFoundTitle} subTitle={v.notFoundBody} extra={<Back />} />;
    case 'limit':
      return (
        <Result
          icon={<CrownOutlined />}
          title={v.limitTitle}
          subTitle={v.limitBody(zh.bank.roles[data.minRole ?? 'VIP'] ?? '')}
          extra={
            <Space wrap>
              <Back />
              <Button type="primary" onClick={() => openDialog({ kind: 'upgrade', reason: 'limit' })}>
                {zh.media.download.upgrade}
              </Button>
            </Space>
          }
        />
      );
    case 'in_exam':
      return <Result status="info" title={v.inExamTitle} subTitle={v.inExamBody} extra={<Back />} />;
    case 'failed':
      return <LoaderFailed title={v.failedTitle} body={v.failedBody} retry={v.retry} back={<Back />} />;
  }
}

export { videoLoader };
