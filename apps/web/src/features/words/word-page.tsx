import { RightOutlined } from '@ant-design/icons';
import { shanghaiDay, type FlashBrief } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  List,
  Progress,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useNavigate } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { BuyFlashCoinsButton } from '../../components/upgrade-buttons';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { useCurrentUser } from '../auth';
import { CreateFlashButton } from './create-flash-button';
import { decksQuery, reviewDueQuery } from './word-book-queries';
import { BooksCard } from './word-books-card';
import { BandsCard, MetCard } from './word-lists-cards';
import './words.css';

const p = zh.words.page;

/** 闪卡额度: the learner's flash coins (one a card) and the purchase beside them. */
function CoinsCard() {
  const user = useCurrentUser();
  return (
    <Card title={p.coins.title} className="gw-card">
      {user ? (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Statistic
            value={user.authority.flash_coins}
            suffix={p.coins.unit}
            aria-label={`${p.coins.label} ${user.authority.flash_coins} ${p.coins.unit}`}
          />
          <Typography.Text type="secondary">{p.coins.hint}</Typography.Text>
          <BuyFlashCoinsButton size="large" />
        </Space>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}

/** 今日复习: mastered words FSRS says are due, within the daily cap; 开始复习 makes a review deck of them. */
function DueCard() {
  const { data, isError } = useQuery(reviewDueQuery);
  const d = p.due;
  return (
    <Card title={d.title} className="gw-card">
      {data ? (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Statistic value={data.due_today} suffix={d.unit} aria-label={`${d.label} ${data.due_today} ${d.unit}`} />
          <Typography.Text type="secondary">{d.progress(data.reviewed_today, data.cap)}</Typography.Text>
          {data.due_today === 0 && <Typography.Text>{data.due_total > 0 ? d.capReached : d.none}</Typography.Text>}
          {data.due_today > 0 && data.due_total > data.due_today && (
            <Typography.Text type="secondary">{d.more(data.due_total - data.due_today)}</Typography.Text>
          )}
          <Typography.Text type="secondary">
            {d.inReview(data.in_review)}
            {data.due_today === 0 && data.next_due_stamp !== null && ` · ${d.next(shanghaiDay(data.next_due_stamp))}`}
          </Typography.Text>
          <CreateFlashButton
            source="review"
            label={d.start}
            type="primary"
            size="large"
            disabled={data.due_today === 0}
          />
        </Space>
      ) : isError ? (
        <Typography.Text type="secondary">{d.failed}</Typography.Text>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}

/** Cards mastered of a deck: the Master bucket. */
const masteredOf = (f: FlashBrief) => f.summary.find((b) => b.stage === 'Master')?.count ?? 0;

function DeckItem({ flash }: { flash: FlashBrief }) {
  const navigate = useNavigate();
  const d = p.decks;
  const mastered = masteredOf(flash);
  const action = flash.status === 'Finish' ? d.view : flash.status === 'NotStart' ? d.start : d.resume;
  return (
    <List.Item className="gw-row">
      <div className="gw-row-main">
        <Space wrap size={[8, 4]}>
          <Typography.Text strong>{flash.name}</Typography.Text>
          <Tag color={flash.status === 'Start' ? 'processing' : flash.status === 'Finish' ? 'success' : 'default'}>
            {flash.gave_up ? d.gaveUp : (d.status[flash.status] ?? flash.status)}
          </Tag>
        </Space>
        <Progress
          percent={flash.all_card_count === 0 ? 0 : Math.round((mastered / flash.all_card_count) * 100)}
          size="small"
          aria-label={d.mastered(mastered, flash.all_card_count)}
        />
        <Typography.Text type="secondary">
          {d.mastered(mastered, flash.all_card_count)} · {d.rounds(flash.round_count)}
        </Typography.Text>
      </div>
      <Button
        type={flash.status === 'Finish' ? 'default' : 'primary'}
        icon={<RightOutlined />}
        iconPlacement="end"
        aria-label={d.actionOf(action, flash.name)}
        onClick={() => void navigate(`/flash/${flash.id}`)}
      >
        {action}
      </Button>
    </List.Item>
  );
}

/** 我的卡组: the learner's decks, newest first, each with how much of it is mastered. */
function DecksCard() {
  const { data, isError } = useQuery(decksQuery);
  const d = p.decks;
  return (
    <Card title={d.title} className="gw-card">
      {isError ? (
        <Alert type="error" showIcon title={d.failed} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : data.flashes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={d.empty} />
      ) : (
        <List dataSource={data.flashes} rowKey="id" renderItem={(f) => <DeckItem flash={f} />} />
      )}
    </Card>
  );
}

/**
 * /word 单词: the flash coins, today's reviews and the decks, then every source a deck can be made from — the
 * learner's word books, the GRE list by frequency band and the words met in questions. One column on a phone.
 */
export function WordPage() {
  const user = useCurrentUser();
  return (
    <div className="gw-page">
      <PageIntro title={p.title} intro={p.intro} />
      <Row gutter={[layout.gutter, layout.gutter]}>
        <Col xs={24} md={12}>
          <CoinsCard />
        </Col>
        <Col xs={24} md={12}>
          <DueCard />
        </Col>
        <Col span={24}>
          <DecksCard />
        </Col>
        <Col span={24}>{user ? <BooksCard userId={user.id} /> : <Skeleton active />}</Col>
        <Col span={24}>
          <BandsCard />
        </Col>
        <Col span={24}>
          <MetCard />
        </Col>
      </Row>
    </div>
  );
}
