import type { SessionUser } from '@piste/contracts';
import { ShieldX } from 'lucide-react';
import { HomeButton } from '../components/HomeButton';
import { PageHeader } from '../components/PageHeader';

/** /moderation — admins only; everyone else sees Access Denied. */
export function ModerationPage({ user }: { user: SessionUser }) {
  if (!user.isAdmin) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
        <ShieldX aria-hidden className="size-10 text-red-500" />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">Access Denied</h1>
        <p className="mt-2 mb-6 text-sm text-slate-600">You need admin access to view this page.</p>
        <HomeButton label="Go to Home" />
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader
        title="Post Moderation"
        subtitle="Review reported posts and take action to keep the community safe"
        actions={<HomeButton />}
      />
    </section>
  );
}
