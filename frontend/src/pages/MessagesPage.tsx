import type { SessionUser } from '@piste/contracts';
import { HomeButton } from '../components/HomeButton';
import { PageHeader } from '../components/PageHeader';

/** /messages */
export function MessagesPage({ user }: { user: SessionUser }) {
  return (
    <section data-user-id={user.id}>
      <PageHeader title="Messages" actions={<HomeButton />} />
    </section>
  );
}
