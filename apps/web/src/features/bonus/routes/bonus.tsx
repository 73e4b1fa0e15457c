import { BonusPage } from '../components/BonusPage';

/** 加分管理: a plan's bonus categories, cap and stacking rule, and its candidates' bonuses. */
export default function BonusRoute() {
  return <BonusPage />;
}
