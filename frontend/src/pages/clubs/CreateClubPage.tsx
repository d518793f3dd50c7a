import { createClubSchema } from '@piste/contracts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { Button } from '../../components/Button';
import {
  ClubPlaceFields,
  DescriptionField,
  JoinPolicyField,
  WeaponsField,
} from '../../components/clubs/ClubFormFields';
import { ServerError } from '../../components/FormMessage';
import { HeadedPage } from '../../components/PageHeader';
import { failureText, useContractForm } from '../../lib/forms';
import { clubPath } from '../../lib/paths';
import { useClubPageStore } from '../../stores/club-page';

/** /clubs/new — a club's name, place, weapons and how fencers join; its creator becomes its owner. */
export function CreateClubPage() {
  const create = useClubPageStore((s) => s.create);
  const { t } = useTranslation(['clubs', 'common']);
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useContractForm(createClubSchema, {
    defaultValues: { name: '', city: '', country: '', weapons: [], description: '', joinPolicy: 'open' },
  });

  const submit = form.onSubmit(async (club) => {
    setSaving(true);
    setServerError(null);
    try {
      const slug = await create(club);
      navigate(clubPath(slug));
    } catch (error) {
      setServerError(failureText(error, t('create.failed')));
      setSaving(false);
    }
  });

  return (
    <HeadedPage width="narrow" title={t('create.title')} subtitle={t('create.subtitle')}>
      <form
        noValidate
        aria-label={t('create.title')}
        onSubmit={submit}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <ServerError message={serverError} />
        <ClubPlaceFields idPrefix="club" field={form.field} disabled={saving} />
        <WeaponsField idPrefix="club" binding={form.field('weapons')} />
        <DescriptionField id="club-description" binding={form.field('description')} disabled={saving} />
        <JoinPolicyField idPrefix="club" binding={form.field('joinPolicy')} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={saving} onClick={() => navigate(-1)}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t('create.creating') : t('create.submit')}
          </Button>
        </div>
      </form>
    </HeadedPage>
  );
}
