import { LIMITS, updateProfileSchema, WEAPON_LABELS, WEAPONS, type Profile } from '@piste/contracts';
import type { z } from 'zod';
import type { ContractForm } from '../../lib/forms';
import { SelectField, TextFields, type TextFieldSpec } from '../FormField';

/** The edit form's fields: the contract's profile update without the avatar, which has its own picker. */
export const profileFormSchema = updateProfileSchema.omit({ avatar: true });
export type ProfileFormValues = z.input<typeof profileFormSchema>;
/** The checked fields, trimmed, as the profile update sends them. */
export type ProfileFields = z.output<typeof profileFormSchema>;
export type ProfileEditForm = ContractForm<typeof profileFormSchema>;

/** The spec's toasts for the profile rules (section 5), by the text shown under the field. */
export const PROFILE_TOAST_TITLES = {
  'Please enter your name': 'Name required',
  'Please enter your email address': 'Email required',
  'Please enter a valid email address': 'Invalid email',
};

/** The stored profile as the form edits it. */
export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name ?? '',
    title: profile.title ?? '',
    email: profile.email ?? '',
    weaponSpecialty: profile.weaponSpecialty ?? '',
  };
}

const TEXT_FIELDS: TextFieldSpec<'name' | 'title' | 'email'>[] = [
  { name: 'name', label: 'Name', maxLength: LIMITS.name, autoComplete: 'name' },
  { name: 'title', label: 'Title', maxLength: LIMITS.title, placeholder: 'e.g. Épée coach, Cadet fencer' },
  { name: 'email', label: 'Email', type: 'email', maxLength: LIMITS.email, autoComplete: 'email' },
];

const WEAPON_CHOICES = [
  { value: '', label: 'No weapon' },
  ...WEAPONS.map((weapon) => ({ value: weapon, label: WEAPON_LABELS[weapon] })),
];

/** Edit mode's fields: name, title, email and weapon specialty (or none). */
export function ProfileForm({ form, disabled }: { form: ProfileEditForm; disabled: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextFields idPrefix="profile" specs={TEXT_FIELDS} field={form.field} disabled={disabled} />
      <SelectField
        id="profile-weapon"
        label="Weapon specialty"
        options={WEAPON_CHOICES}
        disabled={disabled}
        {...form.field('weaponSpecialty')}
      />
    </div>
  );
}
