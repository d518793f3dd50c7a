import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import { sendNotification, WebPushError } from 'web-push';
import type { PushPayload } from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { endpointHostRefusal, NotPublicAddressError, publicOnlyLookup } from './push-endpoint';
import { VapidKeys } from './vapid-keys';

/** A subscription as the sender needs it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  urgency: 'normal' | 'high';
  /** Replaces a message with the same topic still waiting on the push service. */
  topic?: string;
}

/** What the push service made of one message. */
export type PushOutcome =
  | { kind: 'delivered' }
  /** 404 or 410: the subscription is gone for good. */
  | { kind: 'gone'; statusCode: number }
  /** 429 or 5xx: try again, after `retryAfterSeconds` when the service said. */
  | { kind: 'later'; statusCode: number; retryAfterSeconds: number | undefined }
  /** Another 4xx (a bad key, a payload too large …): sending it again would fail again. */
  | { kind: 'rejected'; statusCode: number; body: string }
  /** The endpoint leads to an address that is not public. */
  | { kind: 'refused'; reason: string };

/** A message waits at most a day on the push service for the phone to come online. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Sends one web push message (RFC 8030) with the `web-push` library: the payload encrypted for the subscription
 * (aes128gcm, RFC 8291), signed with the VAPID key (RFC 8292). Connections go through an agent that refuses
 * addresses that are not public (unless PUSH_ALLOW_PRIVATE_ENDPOINTS, for tests) and trusts PUSH_EXTRA_CA_FILE
 * beside the usual authorities (for tests). Network failures throw, so the job retries.
 */
@Injectable()
export class PushSender implements OnModuleDestroy {
  private readonly agent: Agent;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly vapidKeys: VapidKeys,
  ) {
    const { allowPrivateEndpoints, extraCaFile } = config.push;
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: 16,
      ...(extraCaFile ? { ca: [...rootCertificates, readFileSync(extraCaFile, 'utf8')] } : {}),
      ...(allowPrivateEndpoints ? {} : { lookup: publicOnlyLookup() }),
    });
  }

  onModuleDestroy(): void {
    this.agent.destroy();
  }

  async send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<PushOutcome> {
    if (!this.config.push.allowPrivateEndpoints) {
      const refusal = endpointHostRefusal(target.endpoint);
      if (refusal) return { kind: 'refused', reason: refusal };
    }
    const keys = await this.vapidKeys.get();
    try {
      await sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.config.push.subject, ...keys },
          contentEncoding: 'aes128gcm',
          TTL: TTL_SECONDS,
          urgency: options.urgency,
          ...(options.topic ? { topic: options.topic } : {}),
          agent: this.agent,
          timeout: TIMEOUT_MS,
        },
      );
      return { kind: 'delivered' };
    } catch (err) {
      if (err instanceof NotPublicAddressError) return { kind: 'refused', reason: err.message };
      if (!(err instanceof WebPushError)) throw err;
      return outcomeOf(err);
    }
  }
}

function outcomeOf({ statusCode, headers, body }: WebPushError): PushOutcome {
  if (statusCode === 404 || statusCode === 410) return { kind: 'gone', statusCode };
  if (statusCode === 429 || statusCode >= 500) {
    return { kind: 'later', statusCode, retryAfterSeconds: retryAfterSeconds(headers['retry-after']) };
  }
  return { kind: 'rejected', statusCode, body: String(body ?? '').slice(0, 200) };
}

/** Retry-After as seconds from now: a number of seconds or an HTTP date (undefined when absent or unreadable). */
function retryAfterSeconds(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
