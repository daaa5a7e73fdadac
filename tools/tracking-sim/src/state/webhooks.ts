import { type Mode } from '../http/auth.js';
import { easyPostId } from './ids.js';

export interface CustomHeader {
  name: string;
  value: string;
}

/** Where events go. Webhooks from the configuration or the admin API get every mode's events. */
export interface WebhookRecord {
  id: string;
  url: string;
  secret: string | null;
  /** null: events of both modes (configured webhooks); else only that mode's (created through `/v2/webhooks`). */
  mode: Mode | null;
  customHeaders: CustomHeader[];
  createdAt: number;
  disabledAt: number | null;
  source: 'config' | 'api';
}

export interface WebhookInput {
  url: string;
  secret?: string | null;
  mode?: Mode | null;
  customHeaders?: CustomHeader[];
}

export function isWebhookUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

export class WebhookStore {
  private readonly hooks = new Map<string, WebhookRecord>();

  add(input: WebhookInput, source: WebhookRecord['source'], now: number): WebhookRecord {
    const record: WebhookRecord = {
      id: easyPostId('hook'),
      url: input.url,
      secret: input.secret ?? null,
      mode: input.mode ?? null,
      customHeaders: input.customHeaders ?? [],
      createdAt: now,
      disabledAt: null,
      source,
    };
    this.hooks.set(record.id, record);
    return record;
  }

  get(id: string): WebhookRecord | undefined {
    return this.hooks.get(id);
  }

  remove(id: string): boolean {
    return this.hooks.delete(id);
  }

  /** Those that receive an event of this mode. */
  receiving(mode: Mode): WebhookRecord[] {
    return this.list().filter(
      (hook) => hook.disabledAt === null && (hook.mode === null || hook.mode === mode),
    );
  }

  /** What an API key of this mode sees through `/v2/webhooks`. */
  visibleTo(mode: Mode): WebhookRecord[] {
    return this.list().filter((hook) => hook.mode === null || hook.mode === mode);
  }

  list(): WebhookRecord[] {
    return [...this.hooks.values()];
  }
}
