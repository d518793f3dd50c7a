import { LIMITS, WEAPON_LABELS, WEAPONS, type Weapon } from '@piste/contracts';
import { Field, TextField, controlClassName } from '../FormField';

export interface ProfileFormValues {
  name: string;
  title: string;
  email: string;
  weaponSpecialty: Weapon | '';
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

interface ProfileFormProps {
  values: ProfileFormValues;
  errors: ProfileFormErrors;
  disabled: boolean;
  onChange: (values: ProfileFormValues) => void;
}

/** Edit mode's fields: name, title, email and weapon specialty (or none). */
export function ProfileForm({ values, errors, disabled, onChange }: ProfileFormProps) {
  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="profile-name"
        label="Name"
        value={values.name}
        error={errors.name}
        disabled={disabled}
        maxLength={LIMITS.name}
        autoComplete="name"
        onValueChange={(value) => set('name', value)}
      />
      <TextField
        id="profile-title"
        label="Title"
        value={values.title}
        error={errors.title}
        disabled={disabled}
        maxLength={LIMITS.title}
        placeholder="e.g. Épée coach, Cadet fencer"
        onValueChange={(value) => set('title', value)}
      />
      <TextField
        id="profile-email"
        label="Email"
        type="email"
        value={values.email}
        error={errors.email}
        disabled={disabled}
        maxLength={LIMITS.email}
        autoComplete="email"
        onValueChange={(value) => set('email', value)}
      />
      <Field id="profile-weapon" label="Weapon specialty" error={errors.weaponSpecialty}>
        <select
          id="profile-weapon"
          value={values.weaponSpecialty}
          disabled={disabled}
          onChange={(event) => set('weaponSpecialty', event.target.value as Weapon | '')}
          className={controlClassName(!!errors.weaponSpecialty)}
        >
          <option value="">No weapon</option>
          {WEAPONS.map((weapon) => (
            <option key={weapon} value={weapon}>
              {WEAPON_LABELS[weapon]}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
