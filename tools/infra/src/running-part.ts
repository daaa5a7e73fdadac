/** One started piece of infrastructure. */
export interface RunningPart {
  url: string;
  stop(): Promise<void>;
}
