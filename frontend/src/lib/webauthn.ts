import type { PasskeyRegistrationOptions, PasskeySignInOptions } from '@piste/contracts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import i18next from 'i18next';
import { useEffect, useState } from 'react';

/**
 * The browser's passkey prompts (WebAuthn, through `@simplewebauthn/browser`). The library is loaded on first
 * use, so the first page load does not carry it.
 */
const webAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can create and use passkeys at all. */
async function webAuthnSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await webAuthn();
  return browserSupportsWebAuthn();
}

const hasWebAuthnApi = () => typeof globalThis.PublicKeyCredential === 'function';

/**
 * Whether this browser can make and use passkeys: null while the library (loaded on demand) is asked. A browser
 * without the WebAuthn API at all is known at once.
 */
export function useWebAuthnSupport(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(() => (hasWebAuthnApi() ? null : false));
  useEffect(() => {
    if (!hasWebAuthnApi()) return;
    let current = true;
    webAuthnSupported().then(
      (yes) => {
        if (current) setSupported(yes);
      },
      () => {
        if (current) setSupported(false);
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return supported;
}

/** An error's name, whether the browser threw a DOMException or the library its WebAuthnError. */
const nameOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

/**
 * The person closed the browser's prompt, let it time out, or chose no passkey (browsers answer all three with
 * NotAllowedError, on purpose), or a newer prompt replaced it (AbortError): nothing to report.
 */
function cancelled(error: unknown): boolean {
  const name = nameOf(error);
  return name === 'NotAllowedError' || name === 'AbortError';
}

/**
 * What to say when the browser refused for another reason; its own messages are written for developers. A
 * SecurityError means the page is not at the passkeys' site (`rpId`, PUBLIC_URL's host), e.g. opened by its IP
 * address.
 */
function browserRefusal(error: unknown, rpId: string | undefined, fallback: string): Error {
  const name = nameOf(error);
  let message = fallback;
  if (name === 'InvalidStateError') message = i18next.t('common:passkeyRefusals.alreadyHeld');
  else if (name === 'SecurityError' && rpId)
    message = i18next.t('common:passkeyRefusals.wrongSite', { site: rpId });
  return new Error(message, { cause: error });
}

/**
 * Asks the browser for a new passkey made from the server's options. Resolves to the browser's answer, or to null
 * when the person cancelled the prompt; rejects with a message for a person otherwise.
 */
export async function createPasskeyInBrowser(
  options: PasskeyRegistrationOptions,
): Promise<RegistrationResponseJSON | null> {
  const { startRegistration } = await webAuthn();
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    if (cancelled(error)) return null;
    throw browserRefusal(error, options.rp.id, i18next.t('common:passkeyRefusals.cannotCreate'));
  }
}

/** Asks the browser to sign the server's sign-in challenge with a passkey it holds; otherwise as above. */
export async function signWithPasskeyInBrowser(
  options: PasskeySignInOptions,
): Promise<AuthenticationResponseJSON | null> {
  const { startAuthentication } = await webAuthn();
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (error) {
    if (cancelled(error)) return null;
    throw browserRefusal(error, options.rpId, i18next.t('common:passkeyRefusals.cannotUse'));
  }
}
