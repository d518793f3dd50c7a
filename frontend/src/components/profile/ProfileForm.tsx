import { english, LIMITS, updateProfileSchema, WEAPONS, type Profile } from '@piste/contracts';
import i18next from 'i18next';
import { useTranslation } from '../../i18n/use-translation';
import type { z } from 'zod';
import type { ContractForm } from '../../lib/forms';
import { weaponLabel } from '../../lib/weapons';
import { SelectField, TextFields, type TextFieldSpec } from '../FormField';

/** The edit form's fields: the contract's profile update without the avatar, which has its own picker. */
export const profileFormSchema = updateProfileSchema.omit({ avatar: true });
export type ProfileFormValues = z.input<typeof profileFormSchema>;
/** The checked fields, trimmed, as the profile update sends them. */
export type ProfileFields = z.output<typeof profileFormSchema>;
export type ProfileEditForm = ContractForm<typeof profileFormSchema>;

/** The spec's toasts for the profile rules (section 5), by the schema's message for the field. */
export function profileToastTitles(): Record<string, string> {
  return {
    [english('accounts.enterName')]: i18next.t('people:profile.toasts.nameRequired'),
    [english('accounts.enterEmail')]: i18next.t('people:profile.toasts.emailRequired'),
    [english('accounts.emailInvalid')]: i18next.t('people:profile.toasts.invalidEmail'),
  };
}

/** The stored profile as the form edits it. */
export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name ?? '',
    title: profile.title ?? '',
    email: profile.email ?? '',
    weaponSpecialty: profile.weaponSpecialty ?? '',
  };
}

/** Edit mode's fields: name, title, email and weapon specialty (or none). */
export function ProfileForm({ form, disabled }: { form: ProfileEditForm; disabled: boolean }) {
  const { t } = useTranslation('people');
  const textFields: TextFieldSpec<'name' | 'title' | 'email'>[] = [
    { name: 'name', label: t('profile.fields.name'), maxLength: LIMITS.name, autoComplete: 'name' },
    {
      name: 'title',
      label: t('profile.fields.title'),
      maxLength: LIMITS.title,
      placeholder: t('profile.fields.titlePlaceholder'),
    },
    {
      name: 'email',
      label: t('profile.fields.email'),
      type: 'email',
      maxLength: LIMITS.email,
      autoComplete: 'email',
    },
  ];
  const weaponChoices = [
    { value: '', label: t('profile.fields.noWeapon') },
    ...WEAPONS.map((weapon) => ({ value: weapon, label: weaponLabel(weapon) })),
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextFields idPrefix="profile" specs={textFields} field={form.field} disabled={disabled} />
      <SelectField
        id="profile-weapon"
        label={t('profile.fields.weapon')}
        options={weaponChoices}
        disabled={disabled}
        {...form.field('weaponSpecialty')}
      />
    </div>
  );
}
