import type { SessionUser } from '@piste/contracts';
import { HomeButton } from '../components/HomeButton';
import { PageHeader } from '../components/PageHeader';

/** /connections */
export function ConnectionsPage({ user }: { user: SessionUser }) {
  return (
    <section data-user-id={user.id} className="mx-auto max-w-3xl">
      <PageHeader title="Connections" actions={<HomeButton />} />
    </section>
  );
}
