import type { AttendanceStatus } from '@piste/contracts';
import { CircleCheck, Star, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';

interface EventAttendanceProps {
  viewerStatus: AttendanceStatus | null;
  goingCount: number;
  interestedCount: number;
  pending: boolean;
  /** The viewer's new answer; null takes it back. */
  onAttend: (status: AttendanceStatus | null) => void;
}

/** Going and Interested, each a toggle with its count: pressing the chosen one again takes the answer back. */
export function EventAttendance({
  viewerStatus,
  goingCount,
  interestedCount,
  pending,
  onAttend,
}: EventAttendanceProps) {
  const { t } = useTranslation('events');
  const toggle = (status: AttendanceStatus) => onAttend(viewerStatus === status ? null : status);
  return (
    // Side by side on a phone too: each count goes under its button there.
    <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap">
      <AttendanceToggle
        label={t('attendance.going')}
        icon={CircleCheck}
        pressed={viewerStatus === 'going'}
        pending={pending}
        count={t('attendance.goingCount', { count: goingCount })}
        testId="event-going-count"
        onToggle={() => toggle('going')}
      />
      <AttendanceToggle
        label={t('attendance.interested')}
        icon={Star}
        pressed={viewerStatus === 'interested'}
        pending={pending}
        count={t('attendance.interestedCount', { count: interestedCount })}
        testId="event-interested-count"
        onToggle={() => toggle('interested')}
      />
    </div>
  );
}

interface AttendanceToggleProps {
  label: string;
  icon: LucideIcon;
  pressed: boolean;
  pending: boolean;
  count: string;
  testId: string;
  onToggle: () => void;
}

function AttendanceToggle({
  label,
  icon: Icon,
  pressed,
  pending,
  count,
  testId,
  onToggle,
}: AttendanceToggleProps) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2 sm:rounded-xl sm:border sm:border-slate-200 sm:py-1 sm:pr-3 sm:pl-1 sm:dark:border-slate-700">
      <button
        type="button"
        aria-pressed={pressed}
        disabled={pending}
        onClick={onToggle}
        className={`inline-flex items-center justify-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-wait disabled:opacity-70 dark:focus-visible:outline-slate-300 ${
          pressed
            ? 'border-transparent bg-slate-900 text-white hover:bg-slate-800 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 hover:text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white'
        }`}
      >
        <Icon aria-hidden className="size-4" />
        {label}
      </button>
      <span
        data-testid={testId}
        className="text-center text-sm font-medium whitespace-nowrap text-slate-700 dark:text-slate-200"
      >
        {count}
      </span>
    </div>
  );
}
