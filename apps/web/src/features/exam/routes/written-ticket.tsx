import { TicketsPage } from '../components/tickets/TicketsPage';

/** 笔试准考证设置 (stage 2). */
export default function WrittenTicketPage() {
  return <TicketsPage stage={2} />;
}
