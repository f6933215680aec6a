import { CheckCircleFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { summaryCalls, type Daily } from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ApiError, call } from '../../api/client';
import { reportError } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { dailyQuery, monthActivityQuery, shiftMonth, summaryKeys } from './home-queries';

// ECharts stays out of every other page's chunks (vite.config.ts fails the build otherwise).
const CalendarChart = lazy(() => import('./calendar-chart'));

const s = zh.home.signIn;
const c = zh.home.calendar;

/**
 * Sign in once a day. A second sign-in (another tab, another device) answers conflict: its message is shown and
 * today's figures reload, which turns the button into "今日已签到".
 */
function useSignIn() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: summaryKeys.all });
  return useMutation({
    mutationFn: () => call(summaryCalls.signIn, {}),
    meta: { handlesErrors: true },
    onSuccess: (res) => {
      queryClient.setQueryData<Daily>(
        summaryKeys.daily,
        (old) => old && { ...old, signed_in: true, streak: res.streak },
      );
      void message.success(s.success(res.streak));
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.kind === 'conflict') {
        void message.info(err.show || s.already);
        refresh();
      } else reportError(err);
    },
  });
}

function SignInRow({ daily }: { daily: Daily }) {
  const signIn = useSignIn();
  return (
    <div className="gr-sign-in">
      {daily.signed_in ? (
        <Button size="large" disabled icon={<CheckCircleFilled />}>
          {s.done}
        </Button>
      ) : (
        <Button size="large" type="primary" loading={signIn.isPending} onClick={() => signIn.mutate()}>
          {s.button}
        </Button>
      )}
      <Typography.Text type={daily.streak > 0 ? undefined : 'secondary'}>
        {daily.streak > 0 ? s.streak(daily.streak) : s.hint}
      </Typography.Text>
    </div>
  );
}

function MonthCalendar({ today }: { today: string }) {
  const thisMonth = today.slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const { data } = useQuery(monthActivityQuery(month));
  const signed = data?.days.filter((d) => d.signed_in).map((d) => d.day) ?? [];
  const active = data?.days.filter((d) => d.questions > 0).length ?? 0;
  return (
    <div className="gr-calendar-box">
      <div className="gr-calendar-head">
        <Button
          type="text"
          icon={<LeftOutlined />}
          aria-label={c.prev}
          onClick={() => setMonth(shiftMonth(month, -1))}
        />
        <Typography.Text strong>{c.month(month)}</Typography.Text>
        <Button
          type="text"
          icon={<RightOutlined />}
          aria-label={c.next}
          disabled={month >= thisMonth}
          onClick={() => setMonth(shiftMonth(month, 1))}
        />
      </div>
      {data ? (
        <>
          <Suspense fallback={<Skeleton.Node active className="gr-calendar-skeleton" />}>
            <CalendarChart
              month={month}
              days={data.days}
              today={today}
              label={c.label(c.month(month), signed, active)}
            />
          </Suspense>
          <Space wrap size={[12, 0]}>
            <Typography.Text>{c.signedDays(signed.length)}</Typography.Text>
            <Typography.Text>{c.activeDays(active)}</Typography.Text>
          </Space>
          <Typography.Paragraph type="secondary" className="gr-calendar-legend">
            {c.legend}
          </Typography.Paragraph>
        </>
      ) : (
        <Skeleton.Node active className="gr-calendar-skeleton" />
      )}
    </div>
  );
}

/** 每日签到 with the streak, above the month's calendar heat map (questions per day, signed-in days ticked). */
export function SignInCard() {
  const daily = useQuery(dailyQuery);
  // The server's calendar day decides the month shown and today's border, whatever the browser's clock says.
  const today = daily.data?.day;
  return (
    <Card title={s.title} className="gr-home-card">
      {daily.data ? <SignInRow daily={daily.data} /> : <Skeleton.Button active size="large" />}
      {today ? <MonthCalendar key={today} today={today} /> : <Skeleton.Node active className="gr-calendar-skeleton" />}
    </Card>
  );
}
