import i18next, { type TFunction } from 'i18next';
import { useEffect, useReducer, useSyncExternalStore } from 'react';
import type { useTranslation as UseTranslation } from 'react-i18next';

/**
 * react-i18next's `useTranslation`, the same to call (suspending until a screen's catalogues are here, following
 * the language), made cheap to mount: a feed's first screen mounts some hundred components that say something,
 * and react-i18next's hook costs each of them a copy of the i18next instance, a fresh `t` and checks of every
 * catalogue — together the largest part of that first render on a phone. Here a component gets a `t` shared by
 * every component of its language and namespaces, which remembers what it said: the words change only when the
 * language does (components get that language's `t`) or a catalogue arrives (every `t` forgets what it said).
 */
export const useTranslation = ((ns?: string | readonly string[], options?: { useSuspense?: boolean }) => {
  const language = useSyncExternalStore(subscribe, shownLanguage, shownLanguage);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const namespaces = namespacesOf(ns);
  const ready = isLoaded(language, namespaces);
  const suspend = options?.useSuspense !== false;
  useEffect(() => {
    if (!ready && !suspend) void loading(language, namespaces).then(rerender);
  }, [ready, suspend, language, namespaces]);
  // Suspense's contract: a component that cannot render yet throws what it waits for.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!ready && suspend) throw loading(language, namespaces);
  const t = translator(language, namespaces);
  return Object.assign([t, i18next, ready], { t, i18n: i18next, ready });
}) as unknown as typeof UseTranslation;

type Translate = (key: unknown, options?: unknown) => unknown;

const listeners = new Set<() => void>();
/** `t`s by language and namespaces: a component keeps the same `t` while its language does. */
const translators = new Map<string, Translate>();
const loaded = new Set<string>();
const pending = new Map<string, Promise<void>>();
/** Counts the catalogues that arrived: what a `t` remembered before the last one may have been missing then. */
let catalogues = 0;
i18next.on('languageChanged', () => listeners.forEach((listener) => listener()));
i18next.on('loaded', () => catalogues++);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const shownLanguage = () => i18next.language;

/** The namespaces asked for, as one array per distinct request (so effects and caches see the same one). */
const namespaceLists = new Map<string, readonly string[]>();
function namespacesOf(ns: string | readonly string[] | undefined): readonly string[] {
  const asked = ns === undefined ? [String(i18next.options.defaultNS ?? 'translation')] : [ns].flat();
  const key = asked.join(' ');
  let list = namespaceLists.get(key);
  if (!list) namespaceLists.set(key, (list = asked));
  return list;
}

function isLoaded(language: string, namespaces: readonly string[]): boolean {
  return namespaces.every((ns) => {
    const key = `${language}|${ns}`;
    if (loaded.has(key)) return true;
    if (!i18next.isInitialized || !i18next.hasLoadedNamespace(ns)) return false;
    loaded.add(key);
    return true;
  });
}

/** One promise per language and namespaces while they load: what a suspended component waits for. */
function loading(language: string, namespaces: readonly string[]): Promise<void> {
  const key = `${language}|${namespaces.join(' ')}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = i18next.loadNamespaces([...namespaces]).finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

function translator(language: string, namespaces: readonly string[]): Translate {
  const key = `${language}|${namespaces.join(' ')}`;
  let t = translators.get(key);
  if (!t) {
    const namespace = namespaces[0] as Parameters<typeof i18next.getFixedT>[1];
    translators.set(key, (t = remembering(i18next.getFixedT(language, namespace))));
  }
  return t;
}

/**
 * `t`, remembering what it said for a key alone or a key and a `count` (most of what components say) until
 * another catalogue arrives; anything else is asked of i18next each time.
 */
function remembering(t: TFunction): Translate {
  const said = new Map<string, unknown>();
  let saidWith = catalogues;
  const translate = t as unknown as Translate;
  const remembered: Translate = (key, options) => {
    if (typeof key !== 'string') return translate(key, options);
    let memo: string;
    if (options === undefined) memo = key;
    else if (onlyCount(options)) memo = `${key}\u0000${options.count}`;
    else return translate(key, options);
    if (saidWith !== catalogues) {
      said.clear();
      saidWith = catalogues;
    }
    if (said.has(memo)) return said.get(memo);
    const words = translate(key, options);
    said.set(memo, words);
    return words;
  };
  // What i18next's own `t` says of itself (its language and namespace): <Trans t={t}> reads them.
  const { lng, lngs, ns, keyPrefix } = t as TFunction & {
    lng?: string;
    lngs?: string[];
    ns?: unknown;
    keyPrefix?: unknown;
  };
  return Object.assign(remembered, { lng, lngs, ns, keyPrefix });
}

function onlyCount(options: unknown): options is { count: number } {
  if (typeof options !== 'object' || options === null) return false;
  const keys = Object.keys(options);
  return (
    keys.length === 1 && keys[0] === 'count' && typeof (options as { count: unknown }).count === 'number'
  );
}
