// A worker that runs rounds in the background, as the mail outbox's and the webhooks' do: a round
// claims what is due and answers the ids it handled, by outcome; the next round starts at once
// after a busy one and `idleMs` after an empty one. stop() waits for the round in progress.
export type Round = Record<string, number[]>;

/** How the loop runs: the pause after an empty round, and where its errors and busy rounds go. */
export interface LoopOptions<R extends Round> {
  /** Names the worker in an error's log line. */
  name: string;
  idleMs: number;
  log?: (line: string) => void;
  onRound?: (round: R) => void;
}

const size = (round: Round) => Object.values(round).reduce((n, ids) => n + ids.length, 0);

export abstract class RoundWorker<R extends Round> {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;
  private stopped = true;

  /** One round: claims what is due and tries each once. */
  abstract runOnce(): Promise<R>;

  protected abstract loopOptions(): LoopOptions<R>;

  /** True between start() and stop(): the health check's "worker running" (server/modules/operations). */
  get running(): boolean {
    return !this.stopped;
  }

  /** Rounds until nothing is due now (tests; a catch-up): every round's ids, by outcome. */
  async drain(): Promise<R> {
    const all = await this.runOnce();
    for (let round = all; size(round) > 0; ) {
      round = await this.runOnce();
      for (const key of Object.keys(all)) all[key].push(...round[key]);
    }
    return all;
  }

  /** Runs rounds in the background: at once after a busy round, `idleMs` after an empty one. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const { name, idleMs, log, onRound } = this.loopOptions();
    const loop = async () => {
      let busy = false;
      try {
        const round = this.runOnce();
        this.round = round;
        const done = await round;
        busy = size(done) > 0;
        if (busy) onRound?.(done);
      } catch (error) {
        log?.(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!this.stopped) this.timer = setTimeout(() => void loop(), busy ? 0 : idleMs);
    };
    void loop();
  }

  /** Stops after the round in progress (what it handled is recorded first). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.round?.catch(() => {});
  }
}
