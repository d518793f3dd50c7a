import { DEFAULT_WEAPON, type ConnectionState, type PublicProfile } from '@piste/contracts';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { banNotice, useBannedUntil } from '../../stores/ban';
import { useFencerRecordStore } from '../../stores/fencer-record';
import { Button } from '../Button';
import { BoutLog } from './BoutLog';
import { HeadToHeadCard } from './HeadToHeadCard';
import { LogBoutDialog } from './LogBoutDialog';
import { RecordCard } from './RecordCard';

interface FencerRecordSectionProps {
  profile: PublicProfile;
  /** Where the viewer stands with the fencer: a record shared with connections opens once they connect. */
  connection: ConnectionState;
  name: string;
  viewerId: string;
}

/**
 * A fencer's record on their page: ratings and totals, the viewer against them (on another's page), the bout
 * log, and Log a bout (against anyone on one's own page; against this fencer, unless changed, on theirs).
 */
export function FencerRecordSection({ profile, connection, name, viewerId }: FencerRecordSectionProps) {
  const { t } = useTranslation('people');
  const username = profile.username.toLowerCase();
  const own = connection === 'self';
  const open = useFencerRecordStore((s) => s.open);
  const leave = useFencerRecordStore((s) => s.leave);
  const ready = useFencerRecordStore((s) => s.username === username && s.status === 'ready');
  const [logging, setLogging] = useState(false);
  // Logging a bout is posting: a ban closes it (answering and deleting stay open).
  const bannedUntil = useBannedUntil();

  useEffect(() => {
    void open(username, own);
    return () => leave(username);
  }, [open, leave, username, own, connection]);

  return (
    <>
      <RecordCard
        username={username}
        name={name}
        own={own}
        logAction={
          <Button
            className="px-3 py-1.5"
            disabled={!!bannedUntil}
            title={bannedUntil ? banNotice(bannedUntil) : undefined}
            onClick={() => setLogging(true)}
          >
            <Plus aria-hidden className="size-4" />
            {t('record.logBout')}
          </Button>
        }
      />
      {ready && !own ? <HeadToHeadCard name={name} /> : null}
      {ready ? <BoutLog viewer={{ viewerId, own, fencerName: name }} /> : null}
      <LogBoutDialog
        open={logging}
        onClose={() => setLogging(false)}
        opponent={own ? null : profile}
        defaultWeapon={profile.weaponSpecialty ?? DEFAULT_WEAPON}
      />
    </>
  );
}
