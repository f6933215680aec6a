import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { zh } from '../../i18n/zh-CN';
import { BigBank } from './big-bank';
import { BookShelf } from './book-shelf';
import { CommonShelf } from './common-shelf';
import { TailorShelf } from './tailor-shelf';

const p = zh.bank.pages;
const TABS = ['pick', 'big', 'best'] as const;
type Tab = (typeof TABS)[number];

/** exercise_list with its three banks as tabs, each its own route (exercise_list and exercise_list/pick are the pick bank). */
export function ExerciseListPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab: Tab = TABS.find((t) => pathname.endsWith(`/${t}`)) ?? 'pick';
  return (
    <>
      <PageIntro title={p.exerciseTitle} intro={p[tab].intro} />
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`/exercise_list/${key}`)}
        items={TABS.map((key) => ({ key, label: p[key].title }))}
        destroyOnHidden
      />
      {tab === 'pick' && (
        <>
          <TailorShelf />
          <CommonShelf />
        </>
      )}
      {tab === 'big' ? <BigBank /> : <BookShelf key={tab} kind={tab} />}
    </>
  );
}
