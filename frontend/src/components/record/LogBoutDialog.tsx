import {
  BOUT_KINDS,
  BOUT_TOUCH_LIMITS,
  createBoutSchema,
  WEAPONS,
  type BoutKind,
  type Fencer,
  type Weapon,
} from '@piste/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorText, failureText, useContractForm, type FieldBinding } from '../../lib/forms';
import { weaponLabel } from '../../lib/weapons';
import { useFencerRecordStore } from '../../stores/fencer-record';
import { Button } from '../Button';
import { controlClassName, FieldError, SelectField, TextField } from '../FormField';
import { ServerError } from '../FormMessage';
import { ModalDialog } from '../ModalDialog';
import { BOUT_KIND_LABELS, localToday } from './record-format';
import { OpponentField } from './OpponentField';

/** How many touches a bout of each kind goes to, as the form says under the scores. */
const LIMIT_TEXT = {
  pool: 'record.logForm.limit.pool',
  de: 'record.logForm.limit.de',
  practice: 'record.logForm.limit.practice',
} as const satisfies Record<BoutKind, string>;

const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';
const radioClasses =
  'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50 dark:border-slate-700 dark:has-[:checked]:border-slate-300 dark:has-[:checked]:bg-slate-800';

/** A number of touches as typed: an empty or half-typed box is not one yet. */
const isTouches = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

interface LogBoutDialogProps {
  open: boolean;
  onClose: () => void;
  /** The fencer whose page it was logged from (not the viewer's own): the opponent, unless changed. */
  opponent: Fencer | null;
  defaultWeapon: Weapon;
  /** The event it was fenced at, when logged from the event's page. */
  event?: { id: string; title: string };
}

/** "Log a bout": the form in a dialog, fresh each time it opens. */
export function LogBoutDialog({ open, onClose, opponent, defaultWeapon, event }: LogBoutDialogProps) {
  const logging = useFencerRecordStore((s) => s.logging);
  return (
    <ModalDialog
      open={open}
      pending={logging}
      onCancel={onClose}
      labelledBy="log-bout-title"
      describedBy="log-bout-description"
    >
      <LogBoutForm opponent={opponent} defaultWeapon={defaultWeapon} event={event} onClose={onClose} />
    </ModalDialog>
  );
}

/**
 * A bout from the viewer's side: weapon, kind, opponent, both scores, the day and notes. Who won follows from
 * the score; only a tie (won on priority) asks. The contract's schema checks it here as the server will.
 */
export function LogBoutForm({ opponent, defaultWeapon, event, onClose }: Omit<LogBoutDialogProps, 'open'>) {
  const { t } = useTranslation(['people', 'common']);
  const weaponOptions = WEAPONS.map((weapon) => ({ value: weapon, label: weaponLabel(weapon) }));
  const kindOptions = BOUT_KINDS.map((kind) => ({ value: kind, label: t(BOUT_KIND_LABELS[kind]) }));
  const logBout = useFencerRecordStore((s) => s.logBout);
  const logging = useFencerRecordStore((s) => s.logging);
  const [picked, setPicked] = useState<Fencer | null>(opponent);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useContractForm(createBoutSchema, {
    defaultValues: {
      weapon: defaultWeapon,
      kind: 'pool',
      opponentId: opponent?.id ?? null,
      opponentName: '',
      date: localToday(),
      notes: '',
      ...(event ? { eventId: event.id } : {}),
    },
  });
  const { setValue, clearErrors } = form;
  const [kind, scoreFor, scoreAgainst, won] = form.watch(['kind', 'scoreFor', 'scoreAgainst', 'won']);
  const scored = isTouches(scoreFor) && isTouches(scoreAgainst);
  const tied = scored && scoreFor === scoreAgainst;
  const errors = form.formState.errors;

  // The score says who won; a tie leaves it to the fencer (priority), asked afresh each time.
  useEffect(() => {
    if (!isTouches(scoreFor) || !isTouches(scoreAgainst)) return;
    if (scoreFor !== scoreAgainst) {
      setValue('won', scoreFor > scoreAgainst);
      clearErrors('won');
    } else {
      setValue('won', undefined as unknown as boolean);
    }
  }, [scoreFor, scoreAgainst, setValue, clearErrors]);

  function pickOpponent(fencer: Fencer | null) {
    setPicked(fencer);
    setValue('opponentId', fencer?.id ?? null);
    setValue('opponentName', '');
    clearErrors(['opponentId', 'opponentName']);
  }

  const touchesField = (name: 'scoreFor' | 'scoreAgainst') => ({
    ...form.register(name, { valueAsNumber: true, onChange: () => clearErrors(name) }),
    error: errorText(errors[name]),
  });

  const submit = form.onSubmit(async (bout) => {
    setServerError(null);
    try {
      await logBout(bout);
      onClose();
    } catch (error) {
      setServerError(failureText(error, t('record.logForm.failed')));
    }
  });

  const limit = BOUT_TOUCH_LIMITS[kind];
  const forField = touchesField('scoreFor');
  const againstField = touchesField('scoreAgainst');
  return (
    <form noValidate aria-label={t('record.logBout')} onSubmit={submit} className="space-y-4 p-5 sm:p-6">
      <div>
        <h2 id="log-bout-title" className="text-lg font-semibold">
          {t('record.logBout')}
        </h2>
        <p id="log-bout-description" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {event
            ? t('record.logForm.descriptionAtEvent', { title: event.title })
            : t('record.logForm.description')}
        </p>
      </div>
      <ServerError message={serverError} />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id="bout-weapon"
          label={t('record.logForm.weapon')}
          options={weaponOptions}
          {...form.field('weapon')}
        />
        <SelectField
          id="bout-kind"
          label={t('record.logForm.kind')}
          options={kindOptions}
          {...form.field('kind')}
        />
      </div>
      <OpponentField
        id="bout-opponent"
        picked={picked}
        onPick={pickOpponent}
        nameBinding={form.field('opponentName')}
        error={errorText(errors.opponentId)}
        disabled={logging}
      />
      <div>
        <div className="grid grid-cols-2 gap-3">
          <TouchesInput
            id="bout-score-for"
            label={t('record.logForm.yourTouches')}
            limit={limit}
            binding={forField}
          />
          <TouchesInput
            id="bout-score-against"
            label={t('record.logForm.theirTouches')}
            limit={limit}
            binding={againstField}
          />
        </div>
        <FieldError id="bout-score-for-error" message={forField.error} />
        <FieldError id="bout-score-against-error" message={againstField.error} />
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {t(LIMIT_TEXT[kind], { limit })}
          {scored && !tied ? (
            <span data-testid="bout-result" className="font-semibold text-slate-700 dark:text-slate-200">
              {' '}
              {scoreFor > scoreAgainst ? t('record.logForm.won') : t('record.logForm.lost')}
            </span>
          ) : null}
        </p>
      </div>
      {tied ? (
        <fieldset aria-describedby={errors.won ? 'bout-won-error' : undefined}>
          <legend className={labelClasses}>
            {kind === 'practice' ? t('record.logForm.tied') : t('record.logForm.tiedPriority')}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {[
              { value: true, label: t('record.logForm.iWon') },
              { value: false, label: t('record.logForm.theyWon') },
            ].map((option) => (
              <label key={option.label} className={radioClasses}>
                <input
                  type="radio"
                  name="bout-won"
                  checked={won === option.value}
                  onChange={() => {
                    setValue('won', option.value);
                    clearErrors('won');
                  }}
                  className="size-4 accent-slate-900 dark:accent-slate-200"
                />
                {option.label}
              </label>
            ))}
          </div>
          <FieldError id="bout-won-error" message={errorText(errors.won)} />
        </fieldset>
      ) : null}
      <TextField
        id="bout-date"
        label={t('record.logForm.date')}
        type="date"
        max={localToday()}
        {...form.field('date')}
      />
      <div>
        <label htmlFor="bout-notes" className={labelClasses}>
          {t('record.logForm.notes')}
        </label>
        <textarea
          id="bout-notes"
          rows={2}
          maxLength={1000}
          placeholder={t('record.logForm.notesPlaceholder')}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? 'bout-notes-error' : undefined}
          className={controlClassName(!!errors.notes)}
          {...form.register('notes', { onChange: () => clearErrors('notes') })}
        />
        <FieldError id="bout-notes-error" message={errorText(errors.notes)} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={logging}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={logging}>
          {logging ? t('record.logForm.logging') : t('record.logForm.submit')}
        </Button>
      </div>
    </form>
  );
}

/** A number of touches, 0 up to the kind's limit; its error is shown under the pair. */
function TouchesInput({
  id,
  label,
  limit,
  binding: { error, ...registration },
}: {
  id: string;
  label: string;
  limit: number;
  binding: FieldBinding;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={limit}
        step={1}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClassName(!!error)}
        {...registration}
      />
    </div>
  );
}
