import { CrownOutlined, DownloadOutlined, FilePdfOutlined, LockOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { MATERIAL_CATEGORIES, mediaCalls, type MaterialBrief, type VideoBrief } from '@gre/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { showToast } from '../../api/effects';
import { PageSkeleton } from '../../components/page-skeleton';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { layout } from '../../theme';
import { formatBytes } from '../../components/format';
import { materialListQuery, videoListQuery } from './media-queries';
import './media.css';

const m = zh.media;

/** Where the browser goes for a signed address; a module binding so tests can watch it. */
export const browser = { open: (url: string) => window.location.assign(url) };

const openUpgrade = () => openDialog({ kind: 'upgrade', reason: 'limit' });

function MaterialCard({
  material,
  allowed,
  onDownload,
  busy,
}: {
  material: MaterialBrief;
  allowed: boolean;
  onDownload: () => void;
  busy: boolean;
}) {
  return (
    <Card className="gm-material">
      <Typography.Title level={5} className="gm-card-title">
        <FilePdfOutlined aria-hidden className="gm-pdf" /> {material.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="gm-desc">
        {material.description}
      </Typography.Paragraph>
      <div className="gm-card-foot">
        <Space size={[4, 4]} wrap>
          <Tag>{m.download.pdf}</Tag>
          <Tag>{m.download.pages(material.pages)}</Tag>
          <Tag>{formatBytes(material.size_bytes)}</Tag>
        </Space>
        <Button
          type={allowed ? 'primary' : 'default'}
          icon={allowed ? <DownloadOutlined /> : <LockOutlined />}
          loading={busy}
          onClick={allowed ? onDownload : openUpgrade}
          aria-label={`${m.download.download}：${material.title}`}
        >
          {m.download.download}
        </Button>
      </div>
    </Card>
  );
}

/** Materials in the order of MATERIAL_CATEGORIES, each group in list (position) order. */
function byCategory(materials: MaterialBrief[]): [string, MaterialBrief[]][] {
  return MATERIAL_CATEGORIES.map(
    (c) => [c, materials.filter((x) => x.category === c)] as [string, MaterialBrief[]],
  ).filter(([, list]) => list.length > 0);
}

function Materials() {
  const { data } = useQuery(materialListQuery);
  const link = useMutation({
    mutationFn: (id: string) => call(mediaCalls.materialLink, { id }),
    onSuccess: (res) => {
      showToast({ level: 'info', title: m.download.started(res.file_name), key: 'media-download' });
      browser.open(res.url);
    },
  });
  if (!data) return null;
  return (
    <section aria-labelledby="gm-materials">
      <Typography.Title level={4} id="gm-materials">
        {m.download.materialsTitle}
      </Typography.Title>
      {!data.allowed && (
        <Alert
          className="gm-locked"
          type="info"
          showIcon
          icon={<CrownOutlined />}
          title={m.download.lockedTitle}
          description={m.download.lockedBody}
          action={
            <Button type="primary" onClick={openUpgrade}>
              {m.download.upgrade}
            </Button>
          }
        />
      )}
      {data.materials.length === 0 && <Empty description={m.download.emptyMaterials} />}
      {byCategory(data.materials).map(([category, list]) => (
        <div key={category} className="gm-group">
          <Typography.Title level={5} className="gm-group-title">
            {m.download.categories[category] ?? category}
          </Typography.Title>
          <Row gutter={[layout.gutter, layout.gutter]}>
            {list.map((material) => (
              <Col key={material.id} xs={24} sm={12} lg={8}>
                <MaterialCard
                  material={material}
                  allowed={data.allowed}
                  busy={link.isPending && link.variables === material.id}
                  onDownload={() => link.mutate(material.id)}
                />
              </Col>
            ))}
          </Row>
        </div>
      ))}
    </section>
  );
}

function VideoCard({ video }: { video: VideoBrief }) {
  const role = video.min_role ? m.videos.needsRole(zh.bank.roles[video.min_role] ?? video.min_role) : m.videos.everyone;
  return (
    <Link
      to={`/video/${video.id}`}
      className="gm-video-link"
      onClick={(e) => {
        // A locked video explains itself at once (the upgrade dialog) instead of opening a page that says no.
        if (video.allowed) return;
        e.preventDefault();
        openUpgrade();
      }}
    >
      <Card className="gm-video" hoverable>
        <Typography.Title level={5} className="gm-card-title">
          {video.allowed ? (
            <PlayCircleOutlined aria-hidden className="gm-play" />
          ) : (
            <LockOutlined aria-hidden className="gm-play" />
          )}{' '}
          {video.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="gm-desc" ellipsis={{ rows: 2 }}>
          {video.description}
        </Typography.Paragraph>
        <Space size={[4, 4]} wrap>
          <Tag color={video.kind === 'explanation' ? 'blue' : 'cyan'}>{m.videos.kinds[video.kind]}</Tag>
          <Tag>{m.videos.duration(video.duration_seconds)}</Tag>
          <Tag color={video.min_role ? 'gold' : undefined}>{role}</Tag>
        </Space>
      </Card>
    </Link>
  );
}

function Videos() {
  const { data } = useQuery(videoListQuery);
  if (!data) return null;
  return (
    <section aria-labelledby="gm-videos" className="gm-videos">
      <Typography.Title level={4} id="gm-videos">
        {m.videos.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{m.videos.intro}</Typography.Paragraph>
      {data.videos.length === 0 ? (
        <Empty description={m.videos.empty} />
      ) : (
        <Row gutter={[layout.gutter, layout.gutter]}>
          {data.videos.map((video) => (
            <Col key={video.id} xs={24} sm={12} lg={8}>
              <VideoCard video={video} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}

/** Spec §2 download: the materials by category (PDF, `can_visit_material`), then the video courses. */
export function DownloadPage() {
  const materials = useQuery(materialListQuery);
  const videos = useQuery(videoListQuery);
  if (materials.isPending || videos.isPending) return <PageSkeleton rows={8} />;
  return (
    <div className="gm-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {m.download.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{m.download.intro}</Typography.Paragraph>
      <Materials />
      <Videos />
    </div>
  );
}
