import { TicketsPage } from '../components/tickets/TicketsPage';

/** 面试准考证设置 (stage 3). */
export default function InterviewTicketPage() {
  return <TicketsPage stage={3} />;
}
