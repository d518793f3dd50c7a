import {
  DEFAULT_WEAPON,
  loginSchema,
  registerFormSchema,
  WEAPON_LABELS,
  type LoginPayload,
  type RegisterForm,
} from '@piste/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AUTH_LINK_CLASSES, AuthShell } from '../components/AuthShell';
import { Button } from '../components/Button';
import { ServerError } from '../components/FormMessage';
import { PasskeySignIn } from '../components/PasskeySignIn';
import { SecondFactorForm } from '../components/SecondFactorForm';
import { SegmentedTabs, TabPanel } from '../components/Tabs';
import { FieldError, SelectField, TextFields, type TextFieldSpec } from '../components/FormField';
import { useContractForm, type ContractForm, type FormSchema } from '../lib/forms';
import { useSessionStore } from '../stores/session';

type AuthTab = 'login' | 'register';

const TABS: { id: AuthTab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
];

/** The spec lists the weapon choices in this order. */
const WEAPON_CHOICES = (['epee', 'sabre', 'foil'] as const).map((weapon) => ({
  value: weapon,
  label: WEAPON_LABELS[weapon],
}));

const TERMS_TEXT =
  'By creating an account you agree that you use Piste at your own risk, and that you will help keep the community safe by reporting unsafe content.';

/** The screen signed-out visitors see, whatever the path (but the links mailed to them). */
export function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  const idPrefix = useId();

  return (
    <AuthShell>
      <SegmentedTabs
        label="Sign in or register"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        idPrefix={idPrefix}
        size="roomy"
      />

      <TabPanel idPrefix={idPrefix} tab={tab}>
        {tab === 'login' ? (
          <>
            <LoginForm />
            <p className="mt-4 text-center">
              <Link to="/forgot-password" className={AUTH_LINK_CLASSES}>
                Forgot password?
              </Link>
            </p>
          </>
        ) : (
          <RegisterForm />
        )}
      </TabPanel>
    </AuthShell>
  );
}

interface AuthFormProps<Schema extends FormSchema> {
  label: 'Login' | 'Register';
  form: ContractForm<Schema>;
  /** Signs in with the parsed values; the session store announces the outcome. */
  send: (values: Schema['_output']) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  /** A refusal to show from the start, e.g. why the sign-in starts again. */
  initialError?: string | null;
  children: ReactNode;
}

/** What `send` resolves to when the sign-in goes on to a second step instead of home. */
const SECOND_STEP = Symbol('second step');

/** What login and registration share: the server's refusal above the fields, the button, and home once in. */
function AuthForm<Schema extends FormSchema>({
  label,
  form,
  send,
  submitLabel,
  pendingLabel,
  initialError = null,
  children,
}: AuthFormProps<Schema>) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(initialError);
  const [isPending, setIsPending] = useState(false);

  async function signIn(values: Schema['_output']) {
    setIsPending(true);
    try {
      if ((await send(values)) === SECOND_STEP) return;
      await navigate('/', { replace: true });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : `${label} failed`);
      setIsPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setServerError(null);
        form.onSubmit(signIn)(event);
      }}
      className="space-y-4"
      aria-label={label}
    >
      <ServerError message={serverError} />
      {children}
      <Button type="submit" disabled={isPending} className="w-full py-2.5">
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

const LOGIN_FIELDS: TextFieldSpec<keyof LoginPayload>[] = [
  { name: 'username', label: 'Username', autoComplete: 'username', placeholder: 'Enter your username' },
  {
    name: 'password',
    type: 'password',
    label: 'Password',
    autoComplete: 'current-password',
    placeholder: 'Enter your password',
  },
];

const EMPTY_LOGIN: LoginPayload = { username: '', password: '' };

/**
 * The username and password, then, for an account with an authenticator app, its code; or, below them, a passkey
 * alone.
 */
function LoginForm() {
  const login = useSessionStore((s) => s.login);
  const [secondStep, setSecondStep] = useState(false);
  const [restartReason, setRestartReason] = useState<string | null>(null);
  const form = useContractForm(loginSchema, { defaultValues: EMPTY_LOGIN });

  async function send(credentials: LoginPayload) {
    const reply = await login(credentials);
    if (!('twoFactorRequired' in reply)) return reply;
    setRestartReason(null);
    setSecondStep(true);
    return SECOND_STEP;
  }

  if (secondStep) {
    return (
      <SecondFactorForm
        onBack={() => setSecondStep(false)}
        onRestart={(reason) => {
          form.resetField('password');
          setRestartReason(reason);
          setSecondStep(false);
        }}
      />
    );
  }
  return (
    <>
      <AuthForm
        label="Login"
        form={form}
        send={send}
        submitLabel="Login"
        pendingLabel="Logging in..."
        initialError={restartReason}
      >
        <TextFields idPrefix="login" specs={LOGIN_FIELDS} field={form.field} />
      </AuthForm>
      <PasskeySignIn />
    </>
  );
}

/** Registration asks for these, the weapon choice between the first three and the passwords. */
const REGISTER_FIELDS: TextFieldSpec<keyof RegisterForm>[] = [
  { name: 'username', label: 'Username', autoComplete: 'username', placeholder: 'Choose a username' },
  { name: 'email', type: 'email', label: 'Email', autoComplete: 'email', placeholder: 'you@example.com' },
  { name: 'name', label: 'Name', autoComplete: 'name', placeholder: 'Your full name' },
  {
    name: 'password',
    type: 'password',
    label: 'Password',
    autoComplete: 'new-password',
    placeholder: 'At least 6 characters',
  },
  {
    name: 'confirmPassword',
    type: 'password',
    label: 'Confirm password',
    autoComplete: 'new-password',
    placeholder: 'Repeat your password',
  },
];

const EMPTY_REGISTRATION: RegisterForm = {
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
  const form = useContractForm(registerFormSchema, { defaultValues: EMPTY_REGISTRATION });
  const { error: termsError, ...terms } = form.field('acceptTerms');
  return (
    <AuthForm
      label="Register"
      form={form}
      send={register}
      submitLabel="Create Account"
      pendingLabel="Creating account..."
    >
      <TextFields idPrefix="register" specs={REGISTER_FIELDS.slice(0, 3)} field={form.field} />
      <SelectField
        id="register-weapon"
        label="Weapon specialty"
        options={WEAPON_CHOICES}
        {...form.field('weaponSpecialty')}
      />
      <TextFields idPrefix="register" specs={REGISTER_FIELDS.slice(3)} field={form.field} />
      <div>
        <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-800/50">
          <input
            id="register-accept-terms"
            type="checkbox"
            {...terms}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={`register-terms-text${termsError ? ' register-accept-terms-error' : ''}`}
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
        <FieldError id="register-accept-terms-error" message={termsError} />
      </div>
    </AuthForm>
  );
}
