import { updateClubSchema, type Club, type UpdateClubPayload } from '@piste/contracts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { failureText, useContractForm } from '../../lib/forms';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { ServerError } from '../FormMessage';
import { ClubLogoField } from './ClubLogoField';
import { ClubPlaceFields, DescriptionField, JoinPolicyField, WeaponsField } from './ClubFormFields';

interface ClubSettingsProps {
  club: Club;
  isOwner: boolean;
  acting: boolean;
  onSave: (edit: UpdateClubPayload) => Promise<void>;
  onUploadLogo: (file: File) => void;
  onDelete: () => void;
}

/**
 * For the club's admins: its logo, name, place, weapons, description and how fencers join; for the owner,
 * deleting the club too.
 */
export function ClubSettings({ club, isOwner, acting, onSave, onUploadLogo, onDelete }: ClubSettingsProps) {
  const { t } = useTranslation('clubs');
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const form = useContractForm(updateClubSchema, {
    defaultValues: {
      name: club.name,
      city: club.city,
      country: club.country,
      weapons: club.weapons,
      description: club.description,
      joinPolicy: club.joinPolicy,
    },
  });

  const submit = form.onSubmit(async (edit) => {
    setServerError(null);
    try {
      await onSave(edit);
    } catch (error) {
      setServerError(failureText(error, t('settings.saveFailed')));
    }
  });

  return (
    <div className="space-y-6">
      <ClubLogoField
        logo={club.logo}
        acting={acting}
        onUpload={onUploadLogo}
        onRemove={() => void onSave({ logo: null }).catch(() => undefined)}
      />
      <form
        noValidate
        aria-label={t('settings.form')}
        onSubmit={submit}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <ServerError message={serverError} />
        <ClubPlaceFields idPrefix="club-edit" field={form.field} disabled={acting} />
        <WeaponsField idPrefix="club-edit" binding={form.field('weapons')} />
        <DescriptionField id="club-edit-description" binding={form.field('description')} disabled={acting} />
        <JoinPolicyField idPrefix="club-edit" binding={form.field('joinPolicy')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={acting}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
      {isOwner ? (
        <section
          aria-labelledby="club-delete-heading"
          className="rounded-2xl border border-red-200 bg-white p-5 dark:border-red-900 dark:bg-slate-900"
        >
          <h2 id="club-delete-heading" className="font-semibold text-slate-900 dark:text-slate-100">
            {t('settings.delete.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('settings.delete.description')}
          </p>
          <Button
            variant="destructive"
            className="mt-4"
            disabled={acting}
            onClick={() => setConfirmingDelete(true)}
          >
            {t('settings.delete.button')}
          </Button>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        title={t('settings.delete.dialogTitle')}
        description={t('settings.delete.dialogDescription', { club: club.name })}
        confirmLabel={t('settings.delete.button')}
        destructive
        pending={acting}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          onDelete();
        }}
      />
    </div>
  );
}
