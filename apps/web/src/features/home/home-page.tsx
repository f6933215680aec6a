import type { User } from '@gre/contracts';
import { Button, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { BuyFlashCoinsButton, UpgradeButtons } from '../../components/upgrade-buttons';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { layout } from '../../theme';
import { useCurrentUser } from '../auth';
import { FlashReviewCard } from '../flash';
import './home.css';
import { SignatureCard } from './profile-cards';
import { SignInCard } from './sign-in-card';
import { DueCard, QuickLinks, ResumeCard } from './study-cards';
import { TodayCard } from './today-card';

const h = zh.home;

function staffTags(user: User): string[] {
  const tags: string[] = [];
  if (user.is_admin) tags.push(h.staff.admin);
  if (user.authority.is_operator) tags.push(h.staff.operator);
  if (user.authority.is_teacher) tags.push(h.staff.teacher);
  return tags;
}

function GreetingCard({ user }: { user: User }) {
  const { authority } = user;
  return (
    <Card>
      <Row gutter={[layout.gutter, layout.gutter]} align="middle">
        <Col xs={24} md={16}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {h.greeting(new Date().getHours())}，{user.name}
          </Typography.Title>
          <Space wrap>
            <Tag color="blue">{authority.role_name}</Tag>
            {staffTags(user).map((t) => (
              <Tag key={t} color="purple">
                {t}
              </Tag>
            ))}
            {authority.is_freeze && <Tag color="red">{h.frozen}</Tag>}
            <Typography.Text type="secondary">
              {authority.expire_date ? h.expires(authority.expire_date) : h.noExpiry}
            </Typography.Text>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: layout.gutter / 2 }}>
            {h.memberSince(user.data.created_at.slice(0, 10))}
          </Typography.Paragraph>
          {/* Spec §2 upgrade buttons beside the role; here a member may also renew the tier held. */}
          <Space wrap>
            <UpgradeButtons renew />
            <Button type="link" onClick={() => openDialog({ kind: 'rights_overview' })}>
              {zh.pay.upgrade.overview}
            </Button>
            <Link to="/voucher">{zh.nav.voucherLink}</Link>
          </Space>
        </Col>
        <Col xs={24} md={8}>
          <Statistic title={h.flashCoins} value={authority.flash_coins} suffix={h.questionsUnit} />
          <Typography.Paragraph type="secondary">{h.flashCoinsHint}</Typography.Paragraph>
          <BuyFlashCoinsButton />
        </Col>
      </Row>
    </Card>
  );
}

/**
 * The home dashboard: greeting and membership; today's aim, figures and progress; due re-reviews, the exam to
 * continue and quick links; the words due for review; sign-in with the month's calendar; the signature. Phones stack
 * the cards, study first.
 */
export function HomePage() {
  const user = useCurrentUser();
  if (!user) return <PageSkeleton />;
  return (
    <Row gutter={[layout.gutter, layout.gutter]} className="gr-home">
      <Col span={24}>
        <GreetingCard user={user} />
      </Col>
      <Col xs={24} lg={16}>
        <Row gutter={[layout.gutter, layout.gutter]}>
          <Col span={24}>
            <TodayCard user={user} />
          </Col>
          <Col xs={24} md={12}>
            <DueCard />
          </Col>
          <Col xs={24} md={12}>
            <ResumeCard />
          </Col>
          <Col span={24}>
            <QuickLinks />
          </Col>
        </Row>
      </Col>
      <Col xs={24} lg={8}>
        <Row gutter={[layout.gutter, layout.gutter]}>
          <Col span={24}>
            <FlashReviewCard />
          </Col>
          <Col span={24}>
            <SignInCard />
          </Col>
          <Col span={24}>
            <SignatureCard user={user} />
          </Col>
        </Row>
      </Col>
    </Row>
  );
}
