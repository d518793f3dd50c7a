import {
  DEFAULT_WEAPON,
  loginSchema,
  registerFormSchema,
  type LoginPayload,
  type RegisterForm,
} from '@piste/contracts';
import type { TFunction } from 'i18next';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useNavigate } from '../lib/router';
import { AUTH_LINK_CLASSES, AuthShell } from '../components/AuthShell';
import { Button } from '../components/Button';
import { ServerError } from '../components/FormMessage';
import { PasskeySignIn } from '../components/PasskeySignIn';
import { SecondFactorForm } from '../components/SecondFactorForm';
import { SegmentedTabs, TabPanel } from '../components/Tabs';
import { FieldError, SelectField, TextFields, type TextFieldSpec } from '../components/FormField';
import { useContractForm, type ContractForm, type FormSchema } from '../lib/forms';
import { weaponLabel } from '../lib/weapons';
import { useSessionStore } from '../stores/session';

type AuthTab = 'login' | 'register';

/** The spec lists the weapon choices in this order. */
const WEAPON_ORDER = ['epee', 'sabre', 'foil'] as const;

/** The screen signed-out visitors see, whatever the path (but the links mailed to them). */
export function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  const idPrefix = useId();
  const { t } = useTranslation('auth');
  const tabs: { id: AuthTab; label: string }[] = [
    { id: 'login', label: t('tabs.login') },
    { id: 'register', label: t('tabs.register') },
  ];

  return (
    <AuthShell>
      <SegmentedTabs
        label={t('tabs.label')}
        tabs={tabs}
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
                {t('login.forgotPassword')}
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
  label: string;
  /** The refusal's text when the failure carries none: 'Login failed'. */
  failure: string;
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
  failure,
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
      navigate('/', { replace: true });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : failure);
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

const loginFields = (t: TFunction<'auth'>): TextFieldSpec<keyof LoginPayload>[] => [
  {
    name: 'username',
    label: t('fields.username'),
    autoComplete: 'username',
    placeholder: t('login.usernamePlaceholder'),
  },
  {
    name: 'password',
    type: 'password',
    label: t('fields.password'),
    autoComplete: 'current-password',
    placeholder: t('login.passwordPlaceholder'),
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
  const { t } = useTranslation('auth');

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
        label={t('tabs.login')}
        failure={t('login.failed')}
        form={form}
        send={send}
        submitLabel={t('login.submit')}
        pendingLabel={t('login.pending')}
        initialError={restartReason}
      >
        <TextFields idPrefix="login" specs={loginFields(t)} field={form.field} />
      </AuthForm>
      <PasskeySignIn />
    </>
  );
}

/** Registration asks for these, the weapon choice between the first three and the passwords. */
const registerFields = (t: TFunction<'auth'>): TextFieldSpec<keyof RegisterForm>[] => [
  {
    name: 'username',
    label: t('fields.username'),
    autoComplete: 'username',
    placeholder: t('register.usernamePlaceholder'),
  },
  {
    name: 'email',
    type: 'email',
    label: t('fields.email'),
    autoComplete: 'email',
    placeholder: t('register.emailPlaceholder'),
  },
  { name: 'name', label: t('fields.name'), autoComplete: 'name', placeholder: t('register.namePlaceholder') },
  {
    name: 'password',
    type: 'password',
    label: t('fields.password'),
    autoComplete: 'new-password',
    placeholder: t('register.passwordPlaceholder'),
  },
  {
    name: 'confirmPassword',
    type: 'password',
    label: t('fields.confirmPassword'),
    autoComplete: 'new-password',
    placeholder: t('register.confirmPasswordPlaceholder'),
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
  const { t } = useTranslation('auth');
  const fields = registerFields(t);
  return (
    <AuthForm
      label={t('tabs.register')}
      failure={t('register.failed')}
      form={form}
      send={register}
      submitLabel={t('register.submit')}
      pendingLabel={t('register.pending')}
    >
      <TextFields idPrefix="register" specs={fields.slice(0, 3)} field={form.field} />
      <SelectField
        id="register-weapon"
        label={t('register.weapon')}
        options={WEAPON_ORDER.map((weapon) => ({ value: weapon, label: weaponLabel(weapon) }))}
        {...form.field('weaponSpecialty')}
      />
      <TextFields idPrefix="register" specs={fields.slice(3)} field={form.field} />
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
              {t('register.acceptTerms')}
            </label>
            <p id="register-terms-text" className="mt-1 text-slate-600 dark:text-slate-300">
              {t('register.terms')}
            </p>
          </div>
        </div>
        <FieldError id="register-accept-terms-error" message={termsError} />
      </div>
    </AuthForm>
  );
}
