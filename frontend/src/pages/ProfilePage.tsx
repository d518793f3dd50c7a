import type { SessionUser } from '@piste/contracts';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { HomeButton } from '../components/HomeButton';
import { PageHeader } from '../components/PageHeader';
import { notify } from '../lib/toast';
import { useSessionStore } from '../stores/session';

/** /profile */
export function ProfilePage({ user }: { user: SessionUser }) {
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  async function handleLogout() {
    setIsLoggingOut(true);
    try {
      await logout();
      notify.success('Logged out', 'You have been logged out successfully');
      await navigate('/', { replace: true });
    } catch (error) {
      notify.error('Logout failed', errorMessage(error, 'Logout failed'));
      setIsLoggingOut(false);
    }
  }

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title="Your Profile"
        subtitle="Manage your account settings and preferences"
        actions={
          <>
            <HomeButton />
            <Button variant="outline" onClick={() => void handleLogout()} disabled={isLoggingOut}>
              <LogOut aria-hidden className="size-4" />
              Logout
            </Button>
          </>
        }
      />
      <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <Avatar avatar={user.avatar} name={user.name} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">{user.name ?? user.username}</p>
          <p className="truncate text-sm text-slate-500">@{user.username}</p>
        </div>
      </div>
    </section>
  );
}
