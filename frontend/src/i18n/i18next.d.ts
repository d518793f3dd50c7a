import 'i18next';
import type admin from './locales/en/admin.json';
import type auth from './locales/en/auth.json';
import type clubs from './locales/en/clubs.json';
import type common from './locales/en/common.json';
import type events from './locales/en/events.json';
import type feed from './locales/en/feed.json';
import type messages from './locales/en/messages.json';
import type notifications from './locales/en/notifications.json';
import type people from './locales/en/people.json';
import type settings from './locales/en/settings.json';
import type validation from '../../../libs/contracts/src/locales/en/validation.json';

/** Keys are checked at compile time against the English catalogues. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      auth: typeof auth;
      clubs: typeof clubs;
      common: typeof common;
      events: typeof events;
      feed: typeof feed;
      messages: typeof messages;
      notifications: typeof notifications;
      people: typeof people;
      settings: typeof settings;
      validation: typeof validation;
    };
  }
}
