import type { SessionUser } from '@piste/contracts';
import { HomeButton } from '../components/HomeButton';
import { PageHeader } from '../components/PageHeader';

/** /notifications */
export function NotificationsPage({ user }: { user: SessionUser }) {
  return (
    <section data-user-id={user.id} className="mx-auto max-w-2xl">
      <PageHeader title="Notifications" actions={<HomeButton />} />
    </section>
  );
}
