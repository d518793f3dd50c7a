import {
  DEFAULT_WEAPON,
  loginSchema,
  registerFormSchema,
  WEAPON_LABELS,
  type LoginPayload,
  type RegisterForm,
  type Weapon,
} from '@piste/contracts';
import { CircleExclamationPoint, Swords } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { Button } from '../components/Button';
import { ThemeToggle } from '../components/ThemeToggle';
import { controlClassName, Field, FieldError, TextField } from '../components/FormField';
import { fieldErrors } from '../lib/form-errors';
import { notify } from '../lib/toast';
import { useSessionStore } from '../stores/session';

type AuthTab = 'login' | 'register';

const TABS: { id: AuthTab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
];

/** The spec lists the weapon choices in this order. */
const WEAPON_CHOICES: Weapon[] = ['epee', 'sabre', 'foil'];

const TERMS_TEXT =
  'By creating an account you agree that you use Piste at your own risk, and that you will help keep the community safe by reporting unsafe content.';

/** The only screen signed-out visitors see, whatever the path. */
export function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  const idPrefix = useId();

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: AuthTab = tab === 'login' ? 'register' : 'login';
    setTab(next);
    document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
  }

  return (
    <div className="relative flex min-h-screen flex-col items-center bg-gradient-to-b from-slate-100 to-slate-50 px-4 py-10 sm:justify-center sm:py-16 dark:from-slate-900 dark:to-slate-950">
      <main className="w-full max-w-md">
        <ThemeToggle className="absolute top-3 right-3 flex sm:top-4 sm:right-4" />
        <header className="mb-8 flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-slate-900 text-white shadow-md dark:bg-slate-100 dark:text-slate-900">
            <Swords aria-hidden className="size-6" />
          </span>
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-slate-100">Piste</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">Connect with fencers around the world</p>
        </header>

        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <div
            role="tablist"
            aria-label="Sign in or register"
            className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
          >
            {TABS.map(({ id, label }) => {
              const selected = tab === id;
              return (
                <button
                  key={id}
                  id={`${idPrefix}-tab-${id}`}
                  type="button"
                  role="tab"
                  aria-selected={selected}
                  aria-controls={`${idPrefix}-panel-${id}`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setTab(id)}
                  onKeyDown={onTabKeyDown}
                  className={`rounded-md py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
                    selected
                      ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
                      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                  }`}
                >
                  {label}
                </button>
              );
            })}
          </div>

          <div role="tabpanel" id={`${idPrefix}-panel-${tab}`} aria-labelledby={`${idPrefix}-tab-${tab}`}>
            {tab === 'login' ? <LoginForm /> : <RegisterForm />}
          </div>
        </div>
      </main>
    </div>
  );
}

function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}

function LoginForm() {
  const login = useSessionStore((s) => s.login);
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginPayload>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginPayload, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  function update(field: keyof LoginPayload, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof LoginPayload>(parsed.error));
      return;
    }
    setIsPending(true);
    try {
      const user = await login(parsed.data);
      notify.success('Welcome back!', `Logged in as ${user.username}`);
      await navigate('/', { replace: true });
    } catch (error) {
      const message = errorMessage(error, 'Login failed');
      setServerError(message);
      notify.error('Login failed', message);
      setIsPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4" aria-label="Login">
      <ServerError message={serverError} />
      <TextField
        id="login-username"
        name="username"
        label="Username"
        autoComplete="username"
        placeholder="Enter your username"
        value={values.username}
        error={errors.username}
        onValueChange={(value) => update('username', value)}
      />
      <TextField
        id="login-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        placeholder="Enter your password"
        value={values.password}
        error={errors.password}
        onValueChange={(value) => update('password', value)}
      />
      <Button type="submit" disabled={isPending} className="w-full py-2.5">
        {isPending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}

type RegisterField = keyof RegisterForm;

interface RegisterValues {
  username: string;
  email: string;
  name: string;
  weaponSpecialty: Weapon;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

const EMPTY_REGISTRATION: RegisterValues = {
  username: '',
  email: '',
  name: '',
  weaponSpecialty: DEFAULT_WEAPON,
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

function RegisterForm() {
  const register = useSessionStore((s) => s.register);
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  function update<F extends keyof RegisterValues>(field: F, value: RegisterValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const form: RegisterForm = values;
    const parsed = registerFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors<RegisterField>(parsed.error));
      return;
    }
    setIsPending(true);
    try {
      await register(form);
      notify.success('Welcome to Piste!', 'Account created successfully');
      await navigate('/', { replace: true });
    } catch (error) {
      const message = errorMessage(error, 'Registration failed');
      setServerError(message);
      notify.error('Registration failed', message);
      setIsPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-4"
      aria-label="Register"
    >
      <ServerError message={serverError} />
      <TextField
        id="register-username"
        name="username"
        label="Username"
        autoComplete="username"
        placeholder="Choose a username"
        value={values.username}
        error={errors.username}
        onValueChange={(value) => update('username', value)}
      />
      <TextField
        id="register-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        placeholder="you@example.com"
        value={values.email}
        error={errors.email}
        onValueChange={(value) => update('email', value)}
      />
      <TextField
        id="register-name"
        name="name"
        label="Name"
        autoComplete="name"
        placeholder="Your full name"
        value={values.name}
        error={errors.name}
        onValueChange={(value) => update('name', value)}
      />
      <Field id="register-weapon" label="Weapon specialty" error={errors.weaponSpecialty}>
        <select
          id="register-weapon"
          name="weaponSpecialty"
          value={values.weaponSpecialty}
          aria-invalid={errors.weaponSpecialty ? true : undefined}
          aria-describedby={errors.weaponSpecialty ? 'register-weapon-error' : undefined}
          onChange={(event) => update('weaponSpecialty', event.target.value as Weapon)}
          className={controlClassName(!!errors.weaponSpecialty)}
        >
          {WEAPON_CHOICES.map((weapon) => (
            <option key={weapon} value={weapon}>
              {WEAPON_LABELS[weapon]}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id="register-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        value={values.password}
        error={errors.password}
        onValueChange={(value) => update('password', value)}
      />
      <TextField
        id="register-confirm-password"
        name="confirmPassword"
        type="password"
        label="Confirm password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onValueChange={(value) => update('confirmPassword', value)}
      />
      <div>
        <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-800/50">
          <input
            id="register-accept-terms"
            name="acceptTerms"
            type="checkbox"
            checked={values.acceptTerms}
            onChange={(event) => update('acceptTerms', event.target.checked)}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={`register-terms-text${errors.acceptTerms ? ' register-accept-terms-error' : ''}`}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-slate-900 dark:border-slate-700"
          />
          <div className="text-sm">
            <label htmlFor="register-accept-terms" className="font-medium text-slate-800 dark:text-slate-200">
              I accept the terms and conditions
            </label>
            <p id="register-terms-text" className="mt-1 text-slate-600 dark:text-slate-300">
              {TERMS_TEXT}
            </p>
          </div>
        </div>
        <FieldError id="register-accept-terms-error" message={errors.acceptTerms} />
      </div>
      <Button type="submit" disabled={isPending} className="w-full py-2.5">
        {isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
