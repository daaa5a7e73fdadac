import { type Mode } from '../http/auth.js';
import { type Life } from '../domain/life.js';
import { viewAt, type TrackerView } from '../domain/tracker-state.js';
import { easyPostId } from './ids.js';

/** A tracker the simulator keeps: its life is decided at creation; what it shows depends on the time. */
export interface TrackerRecord {
  id: string;
  /** Creation order, for paging (ids are random, as EasyPost's are). */
  seq: number;
  mode: Mode;
  trackingCode: string;
  carrier: string;
  life: Life;
  createdAt: number;
  /** The time between two checkpoints when the tracker was created. */
  stepMs: number;
  /** How many checkpoints webhooks have been published for. */
  published: number;
}

export interface TrackerQuery {
  mode?: Mode;
  trackingCode?: string;
  carrier?: string;
  /** Epoch ms, inclusive. */
  createdFrom?: number;
  createdTo?: number;
}

/** The trackers in creation order; EasyPost's duplicate rule is keyed on mode, code and carrier. */
export class TrackerStore {
  private readonly byId = new Map<string, TrackerRecord>();
  private readonly byKey = new Map<string, TrackerRecord>();
  private seq = 0;

  private static key(mode: Mode, trackingCode: string, carrier: string): string {
    return `${mode}\u0000${trackingCode}\u0000${carrier.toLowerCase()}`;
  }

  find(mode: Mode, trackingCode: string, carrier: string): TrackerRecord | undefined {
    return this.byKey.get(TrackerStore.key(mode, trackingCode, carrier));
  }

  get(id: string): TrackerRecord | undefined {
    return this.byId.get(id);
  }

  add(input: Omit<TrackerRecord, 'id' | 'seq' | 'published'>): TrackerRecord {
    this.seq += 1;
    const record: TrackerRecord = { ...input, id: easyPostId('trk'), seq: this.seq, published: 0 };
    this.byId.set(record.id, record);
    this.byKey.set(TrackerStore.key(record.mode, record.trackingCode, record.carrier), record);
    return record;
  }

  delete(id: string): boolean {
    const record = this.byId.get(id);
    if (!record) return false;
    this.byId.delete(id);
    this.byKey.delete(TrackerStore.key(record.mode, record.trackingCode, record.carrier));
    return true;
  }

  /** Newest first, as EasyPost lists. */
  list(query: TrackerQuery = {}): TrackerRecord[] {
    const code = query.trackingCode;
    const carrier = query.carrier?.toLowerCase();
    return [...this.byId.values()]
      .filter(
        (record) =>
          (query.mode === undefined || record.mode === query.mode) &&
          (code === undefined || record.trackingCode === code) &&
          (carrier === undefined || record.carrier.toLowerCase() === carrier) &&
          (query.createdFrom === undefined || record.createdAt >= query.createdFrom) &&
          (query.createdTo === undefined || record.createdAt <= query.createdTo),
      )
      .sort((a, b) => b.seq - a.seq);
  }

  all(): TrackerRecord[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
    this.byKey.clear();
  }
}

export function viewOf(record: TrackerRecord, now: number): TrackerView {
  return viewAt(record.life, record.createdAt, record.stepMs, now);
}
